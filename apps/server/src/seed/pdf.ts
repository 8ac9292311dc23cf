import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface BenefitOverviewOptions {
  carrier: string;
  year: number;
  title: string;
  color: [number, number, number];
  highlights: Array<[string, string]>;
}

/** A real, one-page carrier benefit overview PDF for the demo dashboard. */
export async function benefitOverviewPdf(options: BenefitOverviewOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${options.carrier} ${options.year} ${options.title}`);
  doc.setAuthor('Agent Resource Center (demo data)');
  doc.setCreationDate(new Date(Date.UTC(options.year - 1, 9, 1)));
  doc.setModificationDate(new Date(Date.UTC(options.year - 1, 9, 1)));
  const page = doc.addPage([612, 792]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const [r, g, b] = options.color;
  page.drawRectangle({ x: 0, y: 712, width: 612, height: 80, color: rgb(r, g, b) });
  page.drawText(options.carrier, { x: 48, y: 752, size: 22, font: bold, color: rgb(1, 1, 1) });
  page.drawText(`${options.year} ${options.title}`, { x: 48, y: 728, size: 14, font: regular, color: rgb(1, 1, 1) });
  page.drawText('Plan highlights', { x: 48, y: 670, size: 16, font: bold, color: rgb(0.1, 0.1, 0.15) });
  let y = 640;
  for (const [label, value] of options.highlights) {
    page.drawRectangle({ x: 48, y: y - 8, width: 516, height: 26, color: rgb(0.96, 0.97, 0.98) });
    page.drawText(label, { x: 58, y, size: 11, font: bold, color: rgb(0.15, 0.15, 0.2) });
    page.drawText(value, { x: 300, y, size: 11, font: regular, color: rgb(0.15, 0.15, 0.2) });
    y -= 32;
  }
  const disclaimer = [
    'Benefits are subject to CMS approval and may change. For agent use only:',
    'do not give this material to prospects or the public.',
  ];
  disclaimer.forEach((line, i) =>
    page.drawText(line, { x: 48, y: 96 - i * 14, size: 9, font: regular, color: rgb(0.35, 0.35, 0.4) }),
  );
  return doc.save();
}

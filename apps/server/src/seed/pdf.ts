import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';

export interface BenefitOverviewOptions {
  carrier: string;
  year: number;
  /** e.g. "Medicare First Look" */
  title: string;
  /** the carrier's colour, each channel 0–1 */
  color: [number, number, number];
  intro?: string;
  highlights: Array<[string, string]>;
  /** a table of plans: the first row is the header */
  plans?: string[][];
  changes?: string[];
}

export const CMS_DISCLAIMER =
  'Benefits, premiums and plan availability described here are subject to CMS approval and may change before ' +
  'the Annual Enrollment Period. This document is confidential and for contracted agent use only: do not give, ' +
  'send or show it to prospects, members or the public, and do not use it as marketing material.';

const PAGE = { width: 612, height: 792, margin: 48 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.38, 0.4, 0.45);
const SHADE = rgb(0.96, 0.97, 0.98);

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays text out top to bottom and starts a new page when the next block does not fit. */
class Layout {
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly brand: RGB;
  page!: PDFPage;
  y = 0;

  constructor(doc: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont }, brand: RGB) {
    this.doc = doc;
    this.regular = fonts.regular;
    this.bold = fonts.bold;
    this.brand = brand;
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Room for `height` more points above the footer, or a new page. */
  need(height: number): void {
    if (this.y - height < PAGE.margin + 24) this.newPage();
  }

  heading(text: string): void {
    this.need(40);
    this.y -= 22;
    this.page.drawText(text, { x: PAGE.margin, y: this.y, size: 14, font: this.bold, color: this.brand });
    this.y -= 8;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.margin + CONTENT_WIDTH, y: this.y },
      thickness: 0.75,
      color: this.brand,
      opacity: 0.4,
    });
    this.y -= 6;
  }

  paragraph(text: string, options: { size?: number; color?: RGB; indent?: number; bullet?: boolean } = {}): void {
    const size = options.size ?? 10.5;
    const indent = options.indent ?? 0;
    const lines = wrap(text, this.regular, size, CONTENT_WIDTH - indent);
    const lineHeight = size * 1.4;
    this.need(lines.length * lineHeight + 4);
    lines.forEach((line, i) => {
      this.y -= lineHeight;
      if (options.bullet && i === 0) {
        this.page.drawText('•', { x: PAGE.margin + indent - 11, y: this.y, size, font: this.bold, color: this.brand });
      }
      this.page.drawText(line, {
        x: PAGE.margin + indent,
        y: this.y,
        size,
        font: this.regular,
        color: options.color ?? INK,
      });
    });
    this.y -= 4;
  }

  /** Rows of cells; `widths` are fractions of the content width. The header row, if any, is filled. */
  table(rows: string[][], widths: number[], options: { header?: boolean } = {}): void {
    const rowHeight = 22;
    rows.forEach((cells, index) => {
      this.need(rowHeight);
      this.y -= rowHeight;
      const isHeader = options.header === true && index === 0;
      if (isHeader || index % 2 === 1) {
        this.page.drawRectangle({
          x: PAGE.margin,
          y: this.y - 2,
          width: CONTENT_WIDTH,
          height: rowHeight,
          color: isHeader ? this.brand : SHADE,
        });
      }
      let x = PAGE.margin + 8;
      cells.forEach((cell, column) => {
        const font = isHeader || column === 0 ? this.bold : this.regular;
        this.page.drawText(cell, { x, y: this.y + 5, size: 10, font, color: isHeader ? rgb(1, 1, 1) : INK });
        x += (widths[column] ?? 0) * CONTENT_WIDTH;
      });
    });
    this.y -= 6;
  }
}

function drawBanner(layout: Layout, options: BenefitOverviewOptions): void {
  const { page, bold, regular, brand } = layout;
  page.drawRectangle({ x: 0, y: PAGE.height - 104, width: PAGE.width, height: 104, color: brand });
  page.drawText(options.carrier, { x: PAGE.margin, y: PAGE.height - 50, size: 24, font: bold, color: rgb(1, 1, 1) });
  page.drawText(`${options.year} ${options.title}`, {
    x: PAGE.margin,
    y: PAGE.height - 76,
    size: 14,
    font: regular,
    color: rgb(1, 1, 1),
  });
  const tag = 'FOR AGENT USE ONLY';
  page.drawText(tag, {
    x: PAGE.width - PAGE.margin - bold.widthOfTextAtSize(tag, 9),
    y: PAGE.height - 50,
    size: 9,
    font: bold,
    color: rgb(1, 1, 1),
  });
  layout.y = PAGE.height - 104 - 10;
}

function drawDisclaimer(layout: Layout): void {
  const size = 9;
  const lines = wrap(CMS_DISCLAIMER, layout.regular, size, CONTENT_WIDTH - 20);
  const height = lines.length * size * 1.4 + 30;
  layout.need(height + 12);
  layout.y -= 12;
  const top = layout.y;
  layout.page.drawRectangle({
    x: PAGE.margin,
    y: top - height,
    width: CONTENT_WIDTH,
    height,
    color: rgb(1, 0.98, 0.92),
    borderColor: rgb(0.85, 0.65, 0.2),
    borderWidth: 0.75,
  });
  layout.page.drawText('Important', { x: PAGE.margin + 10, y: top - 16, size: 10, font: layout.bold, color: INK });
  lines.forEach((line, i) => {
    layout.page.drawText(line, {
      x: PAGE.margin + 10,
      y: top - 30 - i * size * 1.4,
      size,
      font: layout.regular,
      color: INK,
    });
  });
  layout.y = top - height;
}

function drawFooters(doc: PDFDocument, font: PDFFont, label: string): void {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    page.drawText(label, { x: PAGE.margin, y: PAGE.margin - 16, size: 8, font, color: MUTED });
    const number = `Page ${i + 1} of ${pages.length}`;
    page.drawText(number, {
      x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(number, 8),
      y: PAGE.margin - 16,
      size: 8,
      font,
      color: MUTED,
    });
  });
}

/** A real carrier benefit overview PDF (one or two pages) for the demo dashboard. Same input, same bytes. */
export async function benefitOverviewPdf(options: BenefitOverviewOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const label = `${options.carrier} ${options.year} ${options.title}`;
  const issued = new Date(Date.UTC(options.year - 1, 9, 1));
  doc.setTitle(label);
  doc.setSubject('Carrier benefit overview for contracted agents');
  doc.setAuthor('Agent Resource Center (demo data)');
  doc.setCreator('ARC demo seed');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(issued);
  doc.setModificationDate(issued);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const layout = new Layout(doc, fonts, rgb(...options.color));
  drawBanner(layout, options);

  if (options.intro) {
    layout.y -= 8;
    layout.paragraph(options.intro);
  }
  layout.heading('Plan highlights');
  layout.table(options.highlights, [0.45, 0.55]);
  if (options.plans && options.plans.length > 1) {
    layout.heading('Plan line-up');
    layout.table(options.plans, [0.4, 0.16, 0.16, 0.28], { header: true });
  }
  if (options.changes && options.changes.length > 0) {
    layout.heading(`What is new for ${options.year}`);
    for (const change of options.changes) layout.paragraph(change, { indent: 14, bullet: true });
  }
  drawDisclaimer(layout);
  drawFooters(doc, fonts.regular, `${label} · Confidential`);
  return doc.save();
}

export interface GuideDocumentOptions {
  /** the banner's first line, e.g. the publisher */
  publisher: string;
  title: string;
  /** e.g. "Compliance Guide 2145" */
  reference: string;
  color: [number, number, number];
  intro: string;
  sections: Array<{ heading: string; paragraphs?: string[]; bullets?: string[] }>;
  /** the dated edition, for repeatable bytes */
  issued: Date;
}

/** A real guide or handout PDF (compliance guides, final expense documents). Same input, same bytes. */
export async function guideDocumentPdf(options: GuideDocumentOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title);
  doc.setSubject(options.reference);
  doc.setAuthor('Agent Resource Center (demo data)');
  doc.setCreator('ARC demo seed');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(options.issued);
  doc.setModificationDate(options.issued);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const layout = new Layout(doc, fonts, rgb(...options.color));
  drawBanner(layout, {
    carrier: options.publisher,
    year: options.issued.getUTCFullYear(),
    title: options.title,
    color: options.color,
    highlights: [],
  });
  layout.y -= 8;
  layout.paragraph(options.intro);
  for (const section of options.sections) {
    layout.heading(section.heading);
    for (const paragraph of section.paragraphs ?? []) layout.paragraph(paragraph);
    for (const bullet of section.bullets ?? []) layout.paragraph(bullet, { indent: 14, bullet: true });
  }
  drawFooters(doc, fonts.regular, `${options.reference} · ${options.title}`);
  return doc.save();
}

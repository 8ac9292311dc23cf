import { SOA_FORM_TEXT, SOA_PRODUCTS, type SoaAppointmentKind, type SoaLanguage, type SoaProduct } from '@arc/contract';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/** What a signed SOA's PDF shows: the form as the signer read it, what they ticked and how they signed. */
export interface SoaPdfInput {
  providerName: string;
  language: SoaLanguage;
  soaId: string;
  version: number;
  agent: { name: string; npn: string; phone: string | null };
  beneficiaryName: string;
  appointment: { when: string; kind: SoaAppointmentKind };
  productsRequested: readonly SoaProduct[];
  productsAgreed: readonly SoaProduct[];
  exceptionLabel: string | null;
  signer: { name: string; relationship: string | null };
  /** the signature's time, written out in the business time zone */
  signedAt: string;
  ip: string;
  userAgent: string;
  sha256: string;
}

/**
 * The standard fonts encode WinAnsi only (Spanish's letters are in it): anything else becomes its letter without
 * accents, or "?". The exact text is kept in the database and in the signed content the SHA-256 covers.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function toWinAnsi(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) return char;
      if (char === '\n' || char === '\t') return ' ';
      const plain = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      return plain.length > 0 && [...plain].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) <= 0x7e)
        ? plain
        : '?';
    })
    .join('');
}

const PAGE = { width: 612, height: 792, margin: 54 };

class Writer {
  private page: PDFPage;
  private y: number;
  private readonly doc: PDFDocument;
  private readonly font: PDFFont;
  private readonly bold: PDFFont;
  constructor(doc: PDFDocument, font: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.font = font;
    this.bold = bold;
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Wrapped text; a new page when the current one is full. */
  text(content: string, options: { size?: number; isBold?: boolean; gapAfter?: number; indent?: number } = {}) {
    const size = options.size ?? 11;
    const font = options.isBold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    for (const line of wrap(toWinAnsi(content), font, size, width)) {
      if (this.y - size < PAGE.margin) {
        this.page = this.doc.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y - size, size, font, color: rgb(0, 0, 0) });
      this.y -= size * 1.35;
    }
    this.y -= options.gapAfter ?? 4;
  }

  rule() {
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: rgb(0.5, 0.5, 0.5),
    });
    this.y -= 10;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    // a word longer than the line (a user agent, a hash) is cut where it must be
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** The signed SOA as a PDF (pdf-lib, standard fonts, no object streams). */
export async function buildSoaPdf(input: SoaPdfInput, createdAt: Date): Promise<Uint8Array> {
  const text = SOA_FORM_TEXT[input.language];
  const doc = await PDFDocument.create();
  doc.setTitle(`${text.title} - ${toWinAnsi(input.beneficiaryName)}`);
  doc.setSubject(`SHA-256 ${input.sha256}`);
  doc.setProducer(toWinAnsi(input.providerName));
  doc.setCreator(toWinAnsi(input.providerName));
  doc.setCreationDate(createdAt);
  doc.setModificationDate(createdAt);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.text(input.providerName, { size: 10 });
  w.text(text.title, { size: 20, isBold: true, gapAfter: 2 });
  w.text(`${text.pdf.version} ${input.version} · ${input.soaId}`, { size: 9, gapAfter: 10 });
  w.text(input.beneficiaryName, { size: 14, isBold: true });
  w.text(text.agentIntro(input.agent.name));
  w.text(`${text.agentNpn}: ${input.agent.npn}`);
  if (input.agent.phone) w.text(`${text.agentPhone}: ${input.agent.phone}`);
  w.text(`${text.appointment}: ${input.appointment.when} · ${text.kinds[input.appointment.kind]}`, { gapAfter: 10 });
  w.rule();
  w.text(text.about, { gapAfter: 8 });
  w.text(text.chooseProducts, { isBold: true });
  for (const product of SOA_PRODUCTS.filter((p) => input.productsRequested.includes(p))) {
    const mark = input.productsAgreed.includes(product) ? text.pdf.ticked : text.pdf.notTicked;
    w.text(`${mark} ${text.products[product].name}`, { indent: 8, gapAfter: 0 });
    w.text(text.products[product].plain, { size: 9, indent: 28 });
  }
  w.text('', { gapAfter: 4 });
  w.text(text.noObligation);
  w.text(text.agentPaid);
  w.text(text.confidential, { gapAfter: 10 });
  if (input.exceptionLabel) w.text(`Exception: ${input.exceptionLabel}`, { size: 10, gapAfter: 8 });
  w.rule();
  w.text(text.agree, { isBold: true, gapAfter: 8 });
  w.text(`${text.pdf.signedBy}: ${input.signer.name}`, { size: 13, isBold: true });
  if (input.signer.relationship) w.text(text.pdf.representativeOf(input.signer.relationship));
  w.text(`${text.pdf.signedAt}: ${input.signedAt}`);
  w.text(`${text.pdf.ipAddress}: ${input.ip}`, { size: 9 });
  w.text(`${text.pdf.userAgent}: ${input.userAgent}`, { size: 9 });
  w.text(`${text.pdf.sha256}: ${input.sha256}`, { size: 9 });
  return doc.save({ useObjectStreams: false });
}

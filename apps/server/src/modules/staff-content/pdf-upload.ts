import { Readable } from 'node:stream';
import { AppError } from '../../platform/errors.ts';

export const NOT_A_PDF = 'This file is not a PDF: upload a PDF document';
export const EMPTY_FILE = 'This file is empty: upload a PDF document';
const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * The upload's bytes, passed on as they arrive, refused (400) unless they start as a PDF does (`%PDF-`): the name
 * and declared type are not trusted. An empty file is refused too. Only the first few bytes are held.
 */
export function checkedPdf(source: AsyncIterable<Buffer>): Readable {
  async function* check(): AsyncGenerator<Buffer> {
    let head = Buffer.alloc(0);
    let checked = false;
    for await (const chunk of source) {
      if (checked) {
        yield chunk;
        continue;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length < PDF_MAGIC.length) continue;
      if (!head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) throw new AppError('BAD_REQUEST', NOT_A_PDF);
      checked = true;
      yield head;
    }
    if (!checked) throw new AppError('BAD_REQUEST', head.length === 0 ? EMPTY_FILE : NOT_A_PDF);
  }
  return Readable.from(check());
}

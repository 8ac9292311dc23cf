import type { ImportReport } from '@arc/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { controlCharacterIn, CsvFileError } from './csv.ts';
import { AppError } from './errors.ts';
import { discardRestOfBody } from './request-body.ts';

/** The multipart framing around the file: a body this much past the file's cap is refused unread. */
const FRAMING_BYTES = 64 * 1024;

export interface ImportUploadOptions<T> {
  /** the multipart part carrying the file (IMPORT_KINDS' `uploadField`) */
  field: string;
  /** the file's cap (IMPORT_KINDS' `maxBytes`): past it, a 413 */
  maxBytes: number;
  /** what the file is, for messages: "the roster", "the contracts file" */
  what: string;
  /** reads and imports the file as it streams in (the kind's service, through `runImport`) */
  run: (file: AsyncIterable<Buffer>, meta: { fileName: string }) => Promise<T>;
}

/**
 * One import upload (docs/decisions/imports-and-jobs.md): a multipart body with one file part `field`, streamed into
 * `run` and cut at `maxBytes` (413; a declared length past it is refused before a byte is read). A file that is not of
 * the kind (`CsvFileError`) is a 400; the rest of a refused body is drained, so the answer reaches the client. Needs
 * @fastify/multipart registered in the caller's plugin.
 */
export async function receiveImport<T>(request: FastifyRequest, reply: FastifyReply, options: ImportUploadOptions<T>) {
  const tooLarge = `${capitalised(options.what)} is over ${options.maxBytes / 1024 / 1024} MiB`;
  const wrongParts = `Send ${options.what} as one file part "${options.field}"`;
  let result: { value: T } | undefined;
  try {
    if (Number(request.headers['content-length'] ?? 0) > options.maxBytes + FRAMING_BYTES) {
      throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
    }
    if (!request.isMultipart()) throw new AppError('BAD_REQUEST', `Send ${options.what} as a multipart file`);
    const parts = request.parts({
      limits: { fileSize: options.maxBytes, files: 1, fields: 0, parts: 1, headerPairs: 20 },
    });
    for await (const part of parts) {
      if (part.type !== 'file' || part.fieldname !== options.field) throw new AppError('BAD_REQUEST', wrongParts);
      refuseControlCharacterInName(part.filename, options.field);
      // busboy stops at the limit and says so with 'limit': the reading fails with a 413
      part.file.once('limit', () => part.file.destroy(new AppError('PAYLOAD_TOO_LARGE', tooLarge)));
      result = { value: await options.run(untruncated(part.file, tooLarge), { fileName: part.filename }) };
    }
  } catch (err) {
    discardRestOfBody(request.raw, reply);
    throw asUploadError(err, tooLarge, wrongParts);
  }
  if (!result) throw new AppError('BAD_REQUEST', wrongParts);
  return result.value;
}

/**
 * An uploaded file's name holds no control character (a NUL is refused by PostgreSQL in text, where an import job
 * keeps the name): a 400 with the reason, before a byte of the file is read. One check for every upload route.
 */
function refuseControlCharacterInName(fileName: string, field: string): void {
  const found = controlCharacterIn(fileName);
  if (!found) return;
  const reason = `the file name must not hold ${found.description}`;
  throw new AppError('BAD_REQUEST', `The file name holds ${found.description}: rename the file and send it again`, {
    fieldErrors: { [field]: [reason] },
  });
}

/** The report's status: 422 when an apply was refused for its rejected lines, else 200. */
export const importStatus = (report: Pick<ImportReport, 'dryRun' | 'applied'>) =>
  !report.dryRun && !report.applied ? 422 : 200;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The file's bytes, or a 413 where busboy cut it at the size limit (it ends a truncated file like a whole one). */
async function* untruncated(
  file: AsyncIterable<Buffer> & { truncated: boolean },
  tooLarge: string,
): AsyncGenerator<Buffer> {
  for await (const chunk of file) {
    if (file.truncated) break;
    yield chunk;
  }
  if (file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', tooLarge);
}

function asUploadError(err: unknown, tooLarge: string, wrongParts: string): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof CsvFileError) return new AppError('BAD_REQUEST', err.message);
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('BAD_REQUEST', wrongParts);
  }
  return err;
}

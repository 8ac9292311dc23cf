import type { Readable } from 'node:stream';
import * as contentDisposition from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** A file on its way to the browser: the bytes as a stream and what its headers say. */
export interface FileAnswer {
  /** the bytes, piped to the socket as they are read: a file is never held whole in memory */
  stream: Readable;
  contentType: string;
  /** the name it is saved under (`Content-Disposition`); omitted for media drawn in a page (a picture, a video) */
  name?: string;
  /** `inline` opens a PDF in the browser's viewer; any other type is always an attachment */
  disposition?: 'attachment' | 'inline';
  /** the bytes sent (`Content-Length`), when known; of the encoded bytes when `contentEncoding` is set */
  size?: number;
  /** how the stored bytes are encoded (a commission CSV stored gzipped): the browser decodes them */
  contentEncoding?: string | null;
  /** default `no-store`: a private file stays in no cache; a signed link's media may be kept while the link lasts */
  cacheControl?: string;
}

/**
 * Sends a stored file (or an export written as it streams) with the headers every file answer carries: its type,
 * `X-Content-Type-Options: nosniff`, the cache rule, the length when known, and a `Content-Disposition` whose name
 * is safe (RFC 6266: an ASCII `filename`, the exact UTF-8 `filename*` of RFC 5987 when the name is not plain ASCII;
 * quotes escaped, control characters and path separators replaced).
 */
export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', file.cacheControl ?? 'no-store')
    .header('x-content-type-options', 'nosniff');
  if (file.name !== undefined) {
    const type = file.disposition === 'inline' && file.contentType === 'application/pdf' ? 'inline' : 'attachment';
    reply.header('content-disposition', contentDisposition.create(safeFileName(file.name), { type }));
  }
  if (file.size !== undefined) reply.header('content-length', String(file.size));
  if (file.contentEncoding) reply.header('content-encoding', file.contentEncoding);
  return reply.send(file.stream);
}

/** A name a browser can save as given: no control characters, no folder separators, never empty. */
// eslint-disable-next-line no-control-regex
const safeFileName = (name: string) => name.replace(/[\u0000-\u001f\u007f/\\]+/g, '_').trim() || 'download';

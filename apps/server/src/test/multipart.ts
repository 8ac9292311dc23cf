import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';

/** One part of a multipart/form-data body: a text field, or a file given as bytes or as a stream of chunks. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; body: Uint8Array | string | Iterable<Uint8Array> };

export interface MultipartBody {
  contentType: string;
  /** the whole body in one buffer: small bodies for app.inject */
  buffer(): Buffer;
  /** the body as a stream, never held in memory: for 100 MB uploads over HTTP */
  stream(): Readable;
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(parts: Part[]): MultipartBody {
  const boundary = `----arc${randomBytes(12).toString('hex')}`;
  function* chunks(): Generator<Uint8Array> {
    for (const part of parts) {
      if ('value' in part) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/pdf'}\r\n\r\n`,
      );
      if (typeof part.body === 'string' || part.body instanceof Uint8Array) yield Buffer.from(part.body);
      else yield* part.body;
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    buffer: () => Buffer.concat([...chunks()]),
    stream: () => Readable.from(chunks(), { objectMode: false }),
  };
}

const FILLER = Buffer.alloc(1024 * 1024, 0x20);

/**
 * `size` bytes that start with `head` (by default a PDF signature), generated as 1 MiB chunks that reuse one
 * buffer: a 100 MB file costs 1 MiB of memory.
 */
export function* generatedFile(size: number, head = '%PDF-1.7\n'): Generator<Uint8Array> {
  const first = Buffer.from(head);
  let left = size;
  if (left > 0) {
    const take = Math.min(first.length, left);
    yield first.subarray(0, take);
    left -= take;
  }
  while (left > 0) {
    const take = Math.min(FILLER.length, left);
    yield FILLER.subarray(0, take);
    left -= take;
  }
}

export interface UploadAnswer {
  status: number;
  /** the answer's body, parsed as JSON (an empty object for an empty body) */
  json: Record<string, unknown>;
}

/**
 * POSTs `body` over real HTTP as a stream, never whole in memory (100 MB uploads). Like a browser, the client
 * sends its whole body even when the answer (413, 415) comes early.
 */
export function postMultipart(
  url: string,
  body: MultipartBody,
  headers: Record<string, string>,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': body.contentType } });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text || '{}') }));
    });
    request.on('error', reject);
    body.stream().pipe(request);
  });
}

/**
 * Starts POSTing `body` over real HTTP and stops sending once `bytes` are written, with the request left open:
 * the server holds a half-received upload until `drop()` cuts the connection.
 */
export function sendPartOfMultipart(
  url: string,
  body: MultipartBody,
  headers: Record<string, string>,
  bytes: number,
): { sent: () => number; drop: () => void } {
  const request = http.request(url, { method: 'POST', headers: { ...headers, 'content-type': body.contentType } });
  request.on('error', () => undefined);
  const source = body.stream();
  let sent = 0;
  source.on('data', (chunk: Buffer) => {
    sent += chunk.length;
    if (!request.write(chunk) || sent >= bytes) source.pause();
  });
  request.on('drain', () => {
    if (sent < bytes) source.resume();
  });
  return {
    sent: () => sent,
    drop: () => {
      source.destroy();
      request.destroy();
    },
  };
}

/**
 * Counts the requests a listening server has taken in and not finished (answered, or their connection gone):
 * what a test waits on to know the server is done with an upload it dropped.
 */
export function requestsInFlight(server: http.Server): () => number {
  let count = 0;
  server.on('request', (_request: http.IncomingMessage, response: http.ServerResponse) => {
    count += 1;
    response.once('close', () => (count -= 1));
  });
  return () => count;
}

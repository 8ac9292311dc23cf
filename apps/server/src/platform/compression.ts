import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What is compressed on the fly: JSON, HTML and other text. Not: spreadsheets, PDFs, images, video, archives
 * and `application/octet-stream` downloads (already compressed, or not worth it), nor server-sent events.
 */
export const COMPRESSIBLE_TYPE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)(?:;|$)|application\/javascript|image\/svg\+xml)/;

/** smaller answers go out as they are: compressing them costs more time than it saves bytes */
export const COMPRESSION_THRESHOLD = 1024;

/** brotli at quality 4 compresses JSON about as well as gzip -9 at a fraction of its time */
const BROTLI_OPTIONS = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  },
};
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Payload = string | Buffer | Readable | null | undefined;
type OnSendDone = (err: Error | null, payload?: Payload) => void;

/** brotli, else gzip, when the client accepts it (a `q=0` refuses); nothing for anything else */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const isStream = (payload: unknown): payload is Readable =>
  typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(String(vary))) {
    reply.header('vary', `${String(vary)}, accept-encoding`);
  }
}

/**
 * On-the-fly compression (brotli at quality 4, else gzip) for API and HTML answers of at least 1 KB: one onSend
 * hook, and nothing more than a size check for the small answers most calls give. A whole answer (a string or
 * a buffer) is compressed on the thread pool and keeps its Content-Length; a stream is compressed as it flows.
 * The web app's files are compressed at build time and served as they are (`preCompressed` in platform/web.ts);
 * an answer that already has a `Content-Encoding` (the stored gzip CSV of a commission statement) or is a byte
 * range (video seeking, a resumed download) is never compressed again. Requests are never decompressed: clients
 * send JSON and multipart as they are.
 */
async function compression(app: FastifyInstance) {
  // a callback hook: the small answers most calls give pass with a size check and no promise
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: Payload, done: OnSendDone) => {
    if (payload === null || payload === undefined) return done(null, payload);
    const isWhole = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (isWhole ? Buffer.byteLength(payload) < COMPRESSION_THRESHOLD : !isStream(payload)) return done(null, payload);
    if (reply.statusCode === 206 || reply.hasHeader('content-range')) return done(null, payload);
    const encodedAs = reply.getHeader('content-encoding');
    if (encodedAs !== undefined && encodedAs !== 'identity') return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !COMPRESSIBLE_TYPE.test(type)) return done(null, payload);

    // from here the answer depends on what the client accepts
    addVary(reply);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    if (isWhole) {
      // on the thread pool; the answer keeps a Content-Length
      const compressed = encoding === 'br' ? brotli(payload, BROTLI_OPTIONS) : gzip(payload);
      compressed.then((body) => {
        reply.header('content-length', body.length);
        done(null, body);
      }, done);
      return;
    }
    reply.removeHeader('content-length');
    const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_OPTIONS) : zlib.createGzip();
    // a failed source ends the compressed stream with its error, which Fastify turns into a cut connection
    pipeline(payload, compressor).catch((err: unknown) => compressor.destroy(err as Error));
    done(null, compressor);
  });
}

export const compressionPlugin = fp(compression, { name: 'arc-compression' });

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

/**
 * Whole answers up to this size are compressed at once on the main thread, with gzip when the client takes it;
 * larger ones with brotli on the thread pool. For a small answer the trip through the thread pool (a zlib stream,
 * a queued job, waking the event loop when it is done) cost more than compressing it, and brotli 4 compresses
 * JSON of this size no smaller than gzip at about twice the time: for a 15 KB search answer, 0.05–0.08 ms of gzip
 * against 0.3–0.8 ms of server CPU through the pool (docs/decisions/request-pipeline.md). 32 KB of JSON gzip in about
 * 0.15 ms.
 */
export const INLINE_COMPRESSION_LIMIT = 32 * 1024;

/**
 * The output of an answer compressed at once is collected 4 KB at a time from Node's buffer pool: with zlib's
 * default 16 KB chunks (a new pool ArrayBuffer every few answers), that memory made V8 run a full (mark-compact)
 * collection every second or so under load (22 against 6 over the same 6,400 searches,
 * docs/decisions/request-pipeline.md).
 */
const INLINE_OPTIONS = { chunkSize: 4 * 1024 };

/**
 * brotli at quality 4 compresses JSON about as well as gzip -9 at a fraction of its time; the size hint lets it
 * prepare only as much of its tables as the answer needs
 */
const brotliOptions = (size: number) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
/** a stream: size unknown (0, brotli's default) */
const BROTLI_STREAM_OPTIONS = brotliOptions(0);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

type Payload = string | Buffer | Readable | null | undefined;
type OnSendDone = (err: Error | null, payload?: Payload) => void;

/** a browser names four or five; a header of thousands is read no further than this */
const MAX_ENCODINGS = 16;

/** the encodings `Accept-Encoding` names without refusing them (`q=0`), among its first MAX_ENCODINGS */
function acceptedEncodings(acceptEncoding: string | undefined): Set<string | undefined> {
  return new Set(
    (acceptEncoding ?? '')
      .split(',', MAX_ENCODINGS)
      .map((part) => part.trim().toLowerCase().split(';', MAX_ENCODINGS))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(?:\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
}

/** brotli, else gzip, when the client accepts it (a `q=0` refuses); nothing for anything else */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** for an answer compressed at once: gzip, else brotli (see INLINE_COMPRESSION_LIMIT) */
function inlineEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has('gzip')) return 'gzip';
  if (accepted.has('br')) return 'br';
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
 * On-the-fly compression for API and HTML answers of at least 1 KB: one onSend hook, and nothing more than a size
 * check for the small answers most calls give. A whole answer (a string or a buffer) keeps its Content-Length: up
 * to INLINE_COMPRESSION_LIMIT it is compressed at once (gzip, else brotli), above on the thread pool (brotli at
 * quality 4, else gzip); a stream is compressed as it flows (brotli, else gzip).
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
    const size = isWhole ? Buffer.byteLength(payload) : 0;
    if (isWhole ? size < COMPRESSION_THRESHOLD : !isStream(payload)) return done(null, payload);
    if (reply.statusCode === 206 || reply.hasHeader('content-range')) return done(null, payload);
    const encodedAs = reply.getHeader('content-encoding');
    if (encodedAs !== undefined && encodedAs !== 'identity') return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && !COMPRESSIBLE_TYPE.test(type)) return done(null, payload);

    // from here the answer depends on what the client accepts
    addVary(reply);
    if (isWhole && size <= INLINE_COMPRESSION_LIMIT) {
      const encoding = inlineEncoding(request.headers['accept-encoding']);
      if (!encoding) return done(null, payload);
      const body =
        encoding === 'gzip'
          ? zlib.gzipSync(payload, INLINE_OPTIONS)
          : zlib.brotliCompressSync(payload, { ...INLINE_OPTIONS, ...brotliOptions(size) });
      reply.header('content-encoding', encoding);
      reply.header('content-length', body.length);
      return done(null, body);
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    reply.header('content-encoding', encoding);
    if (isWhole) {
      // on the thread pool; the answer keeps a Content-Length
      const compressed = encoding === 'br' ? brotli(payload, brotliOptions(size)) : gzip(payload);
      compressed.then((body) => {
        reply.header('content-length', body.length);
        done(null, body);
      }, done);
      return;
    }
    reply.removeHeader('content-length');
    const compressor = encoding === 'br' ? zlib.createBrotliCompress(BROTLI_STREAM_OPTIONS) : zlib.createGzip();
    // a failed source ends the compressed stream with its error, which Fastify turns into a cut connection
    pipeline(payload, compressor).catch((err: unknown) => compressor.destroy(err as Error));
    done(null, compressor);
  });
}

export const compressionPlugin = fp(compression, { name: 'arc-compression' });

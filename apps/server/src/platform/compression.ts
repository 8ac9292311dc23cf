import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
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
 * On-the-fly compression (brotli at quality 4, else gzip) for API and HTML answers of at least 1 KB. The web
 * app's files are compressed at build time and served as they are (`preCompressed` in platform/web.ts); an
 * answer that already has a `Content-Encoding` (the stored gzip CSV of a commission statement) or is a byte
 * range (video seeking, a resumed download) is never compressed again.
 */
async function compression(app: FastifyInstance) {
  // requests are never decompressed (clients send JSON and multipart as they are): no preParsing hook per route
  app.addHook('onRoute', (routeOptions) => {
    routeOptions.decompress ??= false;
  });
  // runs before @fastify/compress's own onSend (the plugin's opt-out is this request header): a byte range keeps
  // its exact bytes, and only the types above are compressed (the plugin would also take whatever mime-db calls
  // compressible, application/octet-stream included)
  // (a callback hook, not async: no promise on every answer)
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    const isText = typeof type !== 'string' || COMPRESSIBLE_TYPE.test(type);
    if (!isText || reply.statusCode === 206 || reply.hasHeader('content-range')) {
      request.headers['x-no-compression'] = '1';
    }
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: COMPRESSIBLE_TYPE,
  });
}

export const compressionPlugin = fp(compression, { name: 'arc-compression' });

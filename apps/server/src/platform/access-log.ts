import type { FastifyInstance } from 'fastify';

/**
 * One access-log line per request, when its answer has gone out (Fastify's own two lines, "incoming request" and
 * "request completed", are off: `disableRequestLogging` in app.ts). The line carries the request id (`reqId`,
 * bound by Fastify's request logger), the method, the route as declared (`/arc/download/:token`, so a token in
 * the path never reaches the log; the path without its query for a request no route matched), the status and the
 * time in milliseconds. Level info: what production logs (LOG_LEVEL, decision 080).
 */
export function logEachRequest(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    // pino's info is a no-op below its level
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?', 1)[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
      },
      'request',
    );
    done();
  });
}

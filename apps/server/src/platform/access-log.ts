import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written when its answer has gone out, in place of Fastify's two ("incoming
 * request" and "request completed", plus "Route … not found" for a 404): Fastify's own log controller, with
 * those three lines replaced. The line carries the request id (`reqId`, bound by Fastify's request logger),
 * the method, the route as declared (`/arc/download/:token`, so a token in the path never reaches the log; the
 * path without its query for a request no route matched), the status and the time in milliseconds; at info,
 * or at error with the error when the answer failed on the way out. Info is what production logs (LOG_LEVEL,
 * docs/decisions/request-pipeline.md).
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?', 1)[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request');
    else reply.log.info(line, 'request');
  }
}

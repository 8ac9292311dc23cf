import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MESSAGES, type ErrorResponse } from '@arc/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** While the server shuts down, how often the connections that became idle are closed. */
const IDLE_SWEEP_MS = 50;

/** Seconds a client is asked to wait (`Retry-After`) before it tries again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The one "try again shortly" answer: 503, code UNAVAILABLE, `Retry-After` and the contract's message. Sent when
 * the database cannot be reached (error-handler.ts) and while the server shuts down (below), so a client or a load
 * balancer treats both alike.
 */
export function sendUnavailable(reply: FastifyReply): FastifyReply {
  const body: ErrorResponse = { code: 'UNAVAILABLE', message: MESSAGES.serviceUnavailable };
  return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body);
}

/**
 * While the server shuts down (`app.close()`, server.ts on SIGTERM), new connections are refused, and a request
 * that still arrives on a connection kept open gets the same answer as `sendUnavailable` — instead of Fastify's
 * own 503 (`return503OnClosing`, turned off in app.ts), which has no `Retry-After` and not the API's error shape.
 * Nothing runs per request until then (docs/decisions/request-pipeline.md): at close, the server's request listener
 * (Fastify) is swapped for one that answers at once.
 */
export function answerUnavailableWhileClosing(app: FastifyInstance): void {
  const body = JSON.stringify({ code: 'UNAVAILABLE', message: MESSAGES.serviceUnavailable } satisfies ErrorResponse);
  // The open connections (one Set entry each, nothing per request), for the sweep below.
  const connections = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  const sweepConnections = () => {
    app.server.closeIdleConnections();
    // Node counts a connection that has sent nothing yet as busy (its headers timeout runs from the connect), so
    // closing leaves it open until that timeout: a browser's preconnected socket, a health checker's or a client
    // that connected just before the close. Nothing of a request has arrived on it, so nothing is lost.
    for (const socket of connections) if (socket.bytesRead === 0) socket.destroy();
  };
  app.addHook('preClose', (done) => {
    // Closing closes the connections idle at that moment; one whose request was still in flight (a load balancer's
    // kept-alive connection, a notification stream just ended) becomes idle only once answered, and would then stay
    // open until the keep-alive timeout, past the shutdown's grace period. Each is closed as soon as it is idle.
    sweepConnections();
    const sweep = setInterval(sweepConnections, IDLE_SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
    app.server.removeAllListeners('request');
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'retry-after': String(RETRY_AFTER_SECONDS),
        // the client opens its next connection elsewhere (another replica)
        ...(request.httpVersionMajor === 1 ? { connection: 'close' } : {}),
      });
      response.end(body);
    });
    done();
  });
}

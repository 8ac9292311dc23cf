import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The answer to a body that did not arrive in time. */
export const BODY_TIMEOUT_MESSAGE = 'The request took too long to arrive. Try again.';

export interface BodyDeadlineOptions {
  /** how long any body but an upload's may take to arrive, from its headers (BODY_TIMEOUT_MS) */
  bodyTimeoutMs: number;
}

interface Deadline {
  /** the body is read through a stream of ours (preParsing): ends it with a 408, answered by the error handler */
  expire?: () => void;
}

const deadlines = new WeakMap<FastifyRequest, Deadline>();

/** A request that says it carries a body (a length above zero, or a chunked one). */
function hasBody(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = headers['content-length'];
  return length !== undefined && length !== '0';
}

/**
 * An upload: a multipart body to a route that reads one (its plugin registered @fastify/multipart, which decorates
 * the requests of that context alone, all of them behind a credential). Only these may take as long as
 * REQUEST_TIMEOUT_MS (a 100 MB PDF from a slow phone); a multipart body sent to any other route is refused (415)
 * before it is read.
 */
function isUpload(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return (
    typeof (request as { isMultipart?: unknown }).isMultipart === 'function' &&
    typeof type === 'string' &&
    type.trimStart().toLowerCase().startsWith('multipart/form-data')
  );
}

/**
 * Every body but an upload's arrives within `bodyTimeoutMs` of its headers (issue 43): Node's own request timeout
 * is one number for the whole server, long enough for the largest upload, so a client trickling a byte every few
 * seconds to a JSON route held its connection for half an hour. A body still arriving at its deadline is answered
 * 408 and its connection closed; a body nobody reads any more (answered already, or refused before reading) just
 * has its connection closed. Nothing polls: one timer per request that has a body, cleared when it arrives.
 */
export function bodyDeadline(app: FastifyInstance, options: BodyDeadlineOptions): void {
  app.addHook('onRequest', (request, reply, done) => {
    const { raw } = request;
    if (raw.complete || !hasBody(request) || isUpload(request)) return done();
    const deadline: Deadline = {};
    deadlines.set(request, deadline);
    const timer = setTimeout(() => {
      if (raw.complete) return;
      if (deadline.expire && !reply.sent) deadline.expire();
      else raw.destroy();
    }, options.bodyTimeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
  app.addHook('preParsing', (request, reply, payload, done) => {
    const deadline = deadlines.get(request);
    if (!deadline || request.raw.complete) return done(null, payload);
    done(null, readWithDeadline(payload, deadline, reply));
  });
}

/**
 * The body read through a stream of ours that the deadline can end with a 408 (the content parser answers it
 * through the app's error handler), leaving the request's own stream alone until the answer has left.
 */
function readWithDeadline(payload: Readable, deadline: Deadline, reply: FastifyReply): Readable {
  const body = new PassThrough();
  // (a decoder in front counts what came over the wire; the body limit checks it)
  Object.defineProperty(body, 'receivedEncodedLength', {
    get: () => (payload as Readable & { receivedEncodedLength?: number }).receivedEncodedLength,
  });
  payload.on('error', (err) => body.destroy(err));
  // (the content parser listens while it reads; an error after it stopped has nobody else to go to)
  body.on('error', () => undefined);
  payload.pipe(body);
  deadline.expire = () => {
    payload.unpipe(body);
    payload.pause();
    reply.header('connection', 'close');
    // once the answer has left, the rest of the body is not waited for
    reply.raw.once('finish', () => reply.request.raw.destroy());
    body.destroy(new AppError('REQUEST_TIMEOUT', BODY_TIMEOUT_MESSAGE));
  };
  return body;
}

export interface ConnectionLimitOptions {
  /** connections one socket peer may hold open at once; 0 for no limit */
  maxPerAddress: number;
}

/** What a connection past the limit reads before it is closed (no request of it is parsed). */
const TOO_MANY_CONNECTIONS =
  'HTTP/1.1 429 Too Many Requests\r\nconnection: close\r\ncontent-length: 0\r\nretry-after: 5\r\n\r\n';

/**
 * At most `maxPerAddress` open connections per socket peer (CONNECTIONS_PER_ADDRESS, issue 43): one address
 * holding thousands of slow connections would otherwise use up the server's sockets for everyone. Counted where a
 * connection opens, before any request: the peer is the socket's address, which behind a proxy is the proxy's
 * (docs/configuration.md: the proxy limits per client there). A connection past the limit is answered 429 and
 * closed at once.
 */
export function limitConnectionsPerAddress(app: FastifyInstance, options: ConnectionLimitOptions): void {
  if (options.maxPerAddress <= 0) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    const held = open.get(address) ?? 0;
    if (held >= options.maxPerAddress) {
      // closed as soon as the answer is with the kernel: no request of it is waited for
      socket.write(TOO_MANY_CONNECTIONS, () => socket.destroy());
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

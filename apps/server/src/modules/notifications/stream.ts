import { PassThrough } from 'node:stream';
import { NOTIFICATION_EVENT, type NotificationEvent } from '@arc/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { NotificationBus } from './bus.ts';
import { countUnreadOf } from './queries.ts';

export interface NotificationStreamsOptions {
  db: Db;
  bus: NotificationBus;
  log: FastifyBaseLogger;
  /** a comment line this often keeps proxies and the server's own idle timeout from closing a quiet stream */
  heartbeatMs: number;
  /** open streams one agent may hold on this replica (tabs); beyond it a portal polls instead */
  maxPerAgent: number;
}

/** This replica's open notification streams (docs/decisions/notifications.md). */
export interface NotificationStreams {
  /**
   * Sends the event stream on `reply` until `closeAt` (the access token's expiry), the credential ends (`watchAccess`
   * calls back: deactivation, a new password, Log Out, a revoked grant), the client leaves or closeAll.
   */
  open(options: OpenStreamOptions, reply: FastifyReply): Promise<FastifyReply>;
  /** Ends every open stream (the server is closing: the portals reconnect to another replica). */
  closeAll(): void;
  readonly size: number;
}

export interface OpenStreamOptions {
  agentId: string;
  /** the access token's expiry (epoch ms) */
  closeAt: number;
  /** calls `end` once the stream's credential no longer stands; answers the function that stops watching */
  watchAccess: (end: () => void) => () => void;
}

export const TOO_MANY_STREAMS = 'Too many open notification streams: close a tab or two.';

const eventText = (event: NotificationEvent) => `event: ${NOTIFICATION_EVENT}\ndata: ${JSON.stringify(event)}\n\n`;
const HEARTBEAT = ':\n\n';

/** the most agents one batched count asks for */
const COUNT_BATCH = 500;

/**
 * Reads unread counts for the streams, batched: every count asked for in one turn of the event loop (a burst of
 * Redis messages, a hundred portals reconnecting) is one query per COUNT_BATCH agents instead of one per stream.
 */
function createUnreadCounter(db: Db): (agentId: string) => Promise<number> {
  type Waiter = { resolve: (unread: number) => void; reject: (err: unknown) => void };
  let pending: Map<string, Waiter[]> | undefined;
  const flush = async (batch: Map<string, Waiter[]>) => {
    try {
      const counts = await countUnreadOf(db, [...batch.keys()]);
      for (const [agentId, waiters] of batch) for (const waiter of waiters) waiter.resolve(counts.get(agentId) ?? 0);
    } catch (err) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(err);
    }
  };
  return (agentId) =>
    new Promise<number>((resolve, reject) => {
      if (!pending) {
        const batch = (pending = new Map());
        setImmediate(() => {
          if (pending === batch) pending = undefined;
          void flush(batch);
        });
      }
      const waiters = pending.get(agentId);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(agentId, [{ resolve, reject }]);
      // a full batch goes as it is; the next count starts another
      if (pending.size >= COUNT_BATCH) pending = undefined;
    });
}

export function createNotificationStreams(options: NotificationStreamsOptions): NotificationStreams {
  const { db, bus, log } = options;
  const countUnread = createUnreadCounter(db);
  const open = new Set<PassThrough>();
  const perAgent = new Map<string, number>();
  // one timer for every stream's heartbeat, running while any is open
  let heartbeat: NodeJS.Timeout | undefined;
  const beat = () => {
    for (const stream of open) stream.write(HEARTBEAT);
  };

  /** closeAll ran (the server is closing): a stream whose first count was still being read ends at once too */
  let isClosed = false;
  return {
    get size() {
      return open.size;
    },
    async open({ agentId, closeAt, watchAccess }, reply) {
      const held = perAgent.get(agentId) ?? 0;
      if (held >= options.maxPerAgent) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_STREAMS);
      const stream = new PassThrough();
      const write = (event: NotificationEvent) => {
        if (!stream.writableEnded) stream.write(eventText(event));
      };
      const fail = (err: unknown) => {
        // the database did not answer: the portal reconnects (with back-off) and reads the count again
        log.warn({ err, agentId }, 'notification stream: count failed, stream ended');
        stream.end();
      };
      // The count is read in the same tick as the listener starts: a notification committed before is in the
      // count, one committed after is an event. Events leave in order, each with the count after it.
      const first = countUnread(agentId);
      // (a failed first count is thrown below, and answered 503 like any call while the database is away)
      let chain = first.then((unread) => write({ unread, id: null })).catch(() => undefined);
      const stopListening = bus.listen(agentId, (id) => {
        chain = chain
          .then(() => countUnread(agentId))
          .then((unread) => write({ unread, id }))
          .catch(fail);
      });
      // whatever ends the credential ends the stream: nothing more is written to it
      const stopWatching = watchAccess(() => stream.end());
      try {
        await first;
      } catch (err) {
        stopListening();
        stopWatching();
        throw err;
      }
      perAgent.set(agentId, (perAgent.get(agentId) ?? 0) + 1);
      open.add(stream);
      heartbeat ??= setInterval(beat, options.heartbeatMs).unref();
      const expiry = setTimeout(() => stream.end(), Math.max(0, closeAt - Date.now())).unref();
      // Fastify destroys the stream when the client goes away; ended or destroyed, it is forgotten here
      stream.once('close', () => {
        clearTimeout(expiry);
        stopListening();
        stopWatching();
        open.delete(stream);
        const left = (perAgent.get(agentId) ?? 1) - 1;
        if (left > 0) perAgent.set(agentId, left);
        else perAgent.delete(agentId);
        if (open.size === 0 && heartbeat) {
          clearInterval(heartbeat);
          heartbeat = undefined;
        }
      });
      // an ended stream closes once its last bytes are read
      stream.once('end', () => stream.destroy());
      if (isClosed) stream.end();
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store, no-transform')
          // nginx passes each event on at once instead of buffering the answer
          .header('x-accel-buffering', 'no')
          .send(stream)
      );
    },
    closeAll() {
      isClosed = true;
      for (const stream of open) stream.end();
    },
  };
}

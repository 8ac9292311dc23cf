import type { FastifyBaseLogger } from 'fastify';
import type { InvalidationBus } from '../../platform/shared-cache.ts';

/**
 * A change to one agent's notifications: `id` is the new notification, or null when the agent's listeners should
 * read their count again (some were marked read, or this replica lost Redis for a while and may have missed some).
 */
export type NotificationListener = (id: number | null) => void;

/**
 * The live fan-out of new notifications (docs/decisions/notifications.md). `publish` tells every replica — through
 * Redis pub/sub when REDIS_URL is set, else this process — and each replica calls the listeners of that agent it holds
 * (the open streams of the agent's portals). A message says which notification, never what it says: the listener
 * reads the count from the database, which stays the one source.
 */
export interface NotificationBus {
  /**
   * Call after the change is committed: a new notification (`id`), or null for any other change of the count (marked
   * read). Never throws: the change is stored, and a reconnect reads it.
   */
  publish(agentId: string, id: number | null): Promise<void>;
  /** Listens to one agent's notifications on this replica; answers the function that stops listening. */
  listen(agentId: string, listener: NotificationListener): () => void;
}

const CHANNEL = 'arc:notifications';

export function createNotificationBus(options: {
  redis: InvalidationBus | undefined;
  log: FastifyBaseLogger;
}): NotificationBus {
  const byAgent = new Map<string, Set<NotificationListener>>();
  const deliver = (agentId: string, id: number | null) => {
    const listeners = byAgent.get(agentId);
    if (!listeners) return;
    for (const listener of [...listeners]) listener(id);
  };
  const { redis } = options;
  // Redis delivers to every replica, this one included; a message missed while the subscription was down is
  // caught up when it is back: every listener here reads its count again.
  let hasMissed = false;
  redis?.subscribe(CHANNEL, {
    onKey: (message) => {
      // `{id}:{agentId}`, the id empty for a change that is no new notification
      const at = message.indexOf(':');
      const id = at > 0 ? Number(message.slice(0, at)) : null;
      if (at >= 0 && (id === null || Number.isSafeInteger(id))) deliver(message.slice(at + 1), id);
    },
    onLive: (isLive) => {
      if (!isLive) {
        hasMissed = true;
        return;
      }
      if (!hasMissed) return;
      hasMissed = false;
      options.log.info({ agents: byAgent.size }, 'notification stream: Redis is back, every open stream catches up');
      for (const agentId of [...byAgent.keys()]) deliver(agentId, null);
    },
  });
  return {
    async publish(agentId, id) {
      if (redis) await redis.publish(CHANNEL, `${id ?? ''}:${agentId}`);
      else deliver(agentId, id);
    },
    listen(agentId, listener) {
      let listeners = byAgent.get(agentId);
      if (!listeners) byAgent.set(agentId, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && byAgent.get(agentId) === listeners) byAgent.delete(agentId);
      };
    },
  };
}

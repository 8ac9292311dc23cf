import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { bearerToken } from '../../platform/auth.ts';
import { addRoute } from '../../platform/routes.ts';
import {
  getEmailSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
  updateEmailSettings,
  type NotificationsDeps,
} from './service.ts';
import { createNotificationStreams } from './stream.ts';

/** A heartbeat comment at least this often (and twice per idle timeout): nginx's default read timeout is 60 s. */
const HEARTBEAT_MS = 15_000;
/** open streams per agent on one replica: a portal open in more tabs than this polls the count instead */
const STREAMS_PER_AGENT = 8;

/** The agents' notification centre (issue 32). */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const deps: Pick<NotificationsDeps, 'db' | 'clock' | 'bus'> = {
    db: app.db,
    clock: app.deps.clock,
    bus: app.notificationBus,
  };

  addRoute(app, contract.listNotifications, async (request) =>
    listNotifications(deps, request.agentId, request.query.before),
  );
  addRoute(app, contract.getUnreadNotificationCount, async (request) => ({
    unread: await unreadCount(deps, request.agentId),
  }));
  // The live stream (docs/decisions/notifications.md): the agent's token came in the Authorization header (the web app
  // reads the stream with fetch, not EventSource); the stream ends when that token expires, and the portal reconnects
  // with its renewed one; it ends within moments when the credential does before (Log Out, deactivation, a new
  // password, a revoked grant: app.watchAccess), so a stream outlives no credential.
  const streams = createNotificationStreams({
    db: app.db,
    bus: app.notificationBus,
    log: app.log,
    heartbeatMs: Math.min(HEARTBEAT_MS, app.deps.config.connectionIdleTimeoutMs / 2),
    maxPerAgent: STREAMS_PER_AGENT,
  });
  addRoute(
    app,
    contract.streamNotifications,
    async (request, reply) => {
      const token = bearerToken(request);
      const closeAt = token ? (decodeJwt(token).exp ?? 0) * 1000 : 0;
      const watchAccess = (end: () => void) => app.watchAccess(request, end);
      return streams.open({ agentId: request.agentId, closeAt, watchAccess }, reply);
    },
    // a portal reconnects with back-off; a loop that does not is stopped before it costs a count a time
    {
      rateLimit: {
        max: 30,
        timeWindow: '1 minute',
        keyGenerator: (request) => `notification-stream:${request.agentId}`,
        hook: 'preHandler',
      },
    },
  );
  // before the server stops accepting: the open streams end, so closing waits for none of them
  app.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });

  addRoute(app, contract.markNotificationRead, async (request) => ({
    unread: await markNotificationRead(deps, request.agentId, request.params.id),
  }));
  addRoute(app, contract.markAllNotificationsRead, async (request) => ({
    unread: await markAllNotificationsRead(deps, request.agentId),
  }));
  addRoute(app, contract.getNotificationEmailSettings, async (request) => getEmailSettings(deps, request.agentId));
  addRoute(app, contract.updateNotificationEmailSettings, async (request) =>
    updateEmailSettings(deps, request.agentId, request.body),
  );
}

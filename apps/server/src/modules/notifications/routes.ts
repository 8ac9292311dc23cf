import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
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

/** The agents' notification centre (issue 32). */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const deps: Pick<NotificationsDeps, 'db' | 'clock'> = { db: app.db, clock: app.deps.clock };

  addRoute(app, contract.listNotifications, async (request) =>
    listNotifications(deps, request.agentId, request.query.before),
  );
  addRoute(app, contract.getUnreadNotificationCount, async (request) => ({
    unread: await unreadCount(deps, request.agentId),
  }));
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

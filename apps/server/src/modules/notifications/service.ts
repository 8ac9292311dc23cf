import type { Notification, NotificationEmailSettings, NotificationKind, NotificationList } from '@arc/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { Mailer, MailMessage } from '../../platform/mailer.ts';
import type { NotificationBus } from './bus.ts';
import {
  countUnread,
  insertNotification,
  isOptedOut,
  markAllRead,
  markRead,
  replaceOptOuts,
  selectAgentEmail,
  selectNotificationsPage,
  selectOptOuts,
  type NotificationRow,
} from './queries.ts';

export interface NotificationsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'providerName'>;
  /** the live fan-out to the agent's open portals, on every replica (`app.notificationBus`) */
  bus: NotificationBus;
}

export interface RaiseNotification {
  agentId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** a path in the portal (the e-mail makes it absolute) */
  link: string;
  /**
   * The e-mail to send instead of the generic one (title, body and link), when the news is itself a message to the
   * agent (a reply to a case, docs/decisions/cases.md). The opt-out applies to it all the same.
   */
  email?: Omit<MailMessage, 'to'>;
}

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt,
  readAt: row.readAt,
});

/**
 * Raises a notification: a row in the agent's notification centre, at once in the agent's open portals (the live
 * stream, docs/decisions/notifications.md), and the same news by e-mail through the outbox (platform/mailer.ts, which
 * records a failed delivery rather than throwing) unless the agent opted out of this kind's e-mails on My Profile.
 * Answers the address it e-mailed, or null when it e-mailed nobody.
 * Call it after the change it reports is committed, with `deps.db` (not a transaction): the row is committed when
 * the open portals are told, so the count they read includes it.
 */
export async function raiseNotification(
  deps: NotificationsDeps,
  { email, ...input }: RaiseNotification,
): Promise<{ emailedTo: string | null }> {
  const [row] = await insertNotification(deps.db, { ...input, createdAt: deps.clock.now() });
  if (row) await deps.bus.publish(input.agentId, row.id);
  if (await isOptedOut(deps.db, input.agentId, input.kind)) return { emailedTo: null };
  const agent = await selectAgentEmail(deps.db, input.agentId);
  if (!agent) return { emailedTo: null };
  await deps.mailer.send(
    email
      ? { ...email, to: agent.email }
      : {
          to: agent.email,
          subject: `${deps.config.providerName}: ${input.title}`,
          text: `Hello ${agent.firstName},\n\n${input.body}\n\n${new URL(input.link, deps.config.publicUrl).href}\n`,
        },
  );
  return { emailedTo: agent.email };
}

export async function listNotifications(
  deps: Pick<NotificationsDeps, 'db'>,
  agentId: string,
  before: number | undefined,
): Promise<NotificationList> {
  const rows = await selectNotificationsPage(deps.db, agentId, before);
  const last = rows.at(-1);
  return { rows: rows.map(toNotification), nextBefore: rows.length > 0 && last ? last.id : null };
}

export const unreadCount = (deps: Pick<NotificationsDeps, 'db'>, agentId: string) => countUnread(deps.db, agentId);

/** Marks one read; another agent's (or none) answers 404. The agent's other open portals read their count again. */
export async function markNotificationRead(
  deps: Pick<NotificationsDeps, 'db' | 'clock' | 'bus'>,
  agentId: string,
  id: number,
): Promise<number> {
  if (!(await markRead(deps.db, agentId, id, deps.clock.now()))) throw notFound();
  await deps.bus.publish(agentId, null);
  return countUnread(deps.db, agentId);
}

export async function markAllNotificationsRead(
  deps: Pick<NotificationsDeps, 'db' | 'clock' | 'bus'>,
  agentId: string,
): Promise<number> {
  await markAllRead(deps.db, agentId, deps.clock.now());
  await deps.bus.publish(agentId, null);
  return countUnread(deps.db, agentId);
}

export async function getEmailSettings(
  deps: Pick<NotificationsDeps, 'db'>,
  agentId: string,
): Promise<NotificationEmailSettings> {
  return { optedOut: (await selectOptOuts(deps.db, agentId)) as NotificationKind[] };
}

export async function updateEmailSettings(
  deps: Pick<NotificationsDeps, 'db'>,
  agentId: string,
  settings: NotificationEmailSettings,
): Promise<NotificationEmailSettings> {
  await replaceOptOuts(deps.db, agentId, [...new Set(settings.optedOut)]);
  return getEmailSettings(deps, agentId);
}

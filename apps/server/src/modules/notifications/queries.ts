import { NOTIFICATIONS_PAGE_SIZE } from '@arc/contract';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, notificationEmailOptOuts, notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export const insertNotification = (db: Db, row: typeof notifications.$inferInsert) =>
  db.insert(notifications).values(row).returning();

/** One page, newest first, keyset on the id (the agent's index serves it). */
export const selectNotificationsPage = (db: Db, agentId: string, before: number | undefined) =>
  db
    .select()
    .from(notifications)
    .where(and(eq(notifications.agentId, agentId), before === undefined ? undefined : lt(notifications.id, before)))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE_SIZE);

export async function countUnread(db: Db, agentId: string): Promise<number> {
  const [row] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.agentId, agentId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** The unread counts of several agents in one query (the live stream's deliveries, batched); 0 when absent. */
export async function countUnreadOf(db: Db, agentIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ agentId: notifications.agentId, unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(inArray(notifications.agentId, [...agentIds]), isNull(notifications.readAt)))
    .groupBy(notifications.agentId);
  return new Map(rows.map((row) => [row.agentId, row.unread]));
}

/** Marks one of the agent's notifications read (a read one keeps its time); false when it is not the agent's. */
export async function markRead(db: Db, agentId: string, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.agentId, agentId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export const markAllRead = (db: Db, agentId: string, at: Date) =>
  db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.agentId, agentId), isNull(notifications.readAt)));

export async function selectAgentEmail(db: Db, agentId: string) {
  const [row] = await db
    .select({ email: agents.email, firstName: agents.firstName })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return row;
}

export const selectOptOuts = async (db: Db, agentId: string) =>
  (
    await db
      .select({ kind: notificationEmailOptOuts.kind })
      .from(notificationEmailOptOuts)
      .where(eq(notificationEmailOptOuts.agentId, agentId))
      .orderBy(notificationEmailOptOuts.kind)
  ).map((r) => r.kind);

export async function isOptedOut(db: Db, agentId: string, kind: string): Promise<boolean> {
  const rows = await db
    .select({ kind: notificationEmailOptOuts.kind })
    .from(notificationEmailOptOuts)
    .where(and(eq(notificationEmailOptOuts.agentId, agentId), eq(notificationEmailOptOuts.kind, kind)))
    .limit(1);
  return rows.length > 0;
}

/** Replaces the agent's opt-outs with these kinds, in one transaction. */
export const replaceOptOuts = (db: Db, agentId: string, kinds: readonly string[]) =>
  db.transaction(async (tx) => {
    await tx.delete(notificationEmailOptOuts).where(eq(notificationEmailOptOuts.agentId, agentId));
    if (kinds.length > 0) {
      await tx.insert(notificationEmailOptOuts).values(kinds.map((kind) => ({ agentId, kind })));
    }
  });

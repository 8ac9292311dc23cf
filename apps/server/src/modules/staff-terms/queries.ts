import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { agentPrefixWhere } from '../../db/agent-search.ts';
import type { Db } from '../../db/client.ts';
import {
  agents,
  auditLog,
  notificationEmailOptOuts,
  notifications,
  staffAccounts,
  termsAcceptances,
  termsDocuments,
  termsReminders,
} from '../../db/schema/index.ts';

const acceptanceCounts = (db: Db) =>
  db
    .select({ termsId: termsAcceptances.termsId, acceptances: count().as('acceptances') })
    .from(termsAcceptances)
    .groupBy(termsAcceptances.termsId)
    .as('acceptance_counts');

const versionColumns = {
  id: termsDocuments.id,
  title: termsDocuments.title,
  publishedAt: termsDocuments.publishedAt,
  publishRecordedAt: termsDocuments.publishRecordedAt,
  updatedAt: termsDocuments.updatedAt,
  publishedBy: staffAccounts.email,
};

export type VersionRow = {
  id: number;
  title: string;
  publishedAt: Date | null;
  publishRecordedAt: Date | null;
  updatedAt: Date;
  publishedBy: string | null;
  acceptances: number;
};

/** Every version, newest first, with who published it and how many agents accepted it. */
export async function selectVersions(db: Db): Promise<VersionRow[]> {
  const counts = acceptanceCounts(db);
  const rows = await db
    .select({ ...versionColumns, acceptances: counts.acceptances })
    .from(termsDocuments)
    .leftJoin(staffAccounts, eq(staffAccounts.id, termsDocuments.publishedBy))
    .leftJoin(counts, eq(counts.termsId, termsDocuments.id))
    .orderBy(desc(termsDocuments.id));
  return rows.map((row) => ({ ...row, acceptances: Number(row.acceptances ?? 0) }));
}

export async function selectVersion(db: Db, id: number): Promise<(VersionRow & { body: string }) | undefined> {
  const [row] = await db
    .select({ ...versionColumns, body: termsDocuments.body })
    .from(termsDocuments)
    .leftJoin(staffAccounts, eq(staffAccounts.id, termsDocuments.publishedBy))
    .where(eq(termsDocuments.id, id))
    .limit(1);
  if (!row) return undefined;
  const [accepted] = await db.select({ n: count() }).from(termsAcceptances).where(eq(termsAcceptances.termsId, id));
  return { ...row, acceptances: accepted?.n ?? 0 };
}

/** The moment the newest version took effect by `now` (the one in force), to tell it from superseded ones. */
export async function selectCurrentId(db: Db, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ id: termsDocuments.id })
    .from(termsDocuments)
    .where(sql`${termsDocuments.publishedAt} <= ${now.toISOString()}::timestamptz`)
    .orderBy(desc(termsDocuments.publishedAt), desc(termsDocuments.id))
    .limit(1);
  return row?.id;
}

export async function insertDraft(
  db: Db,
  draft: { title: string; body: string; createdBy: string; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(termsDocuments)
    .values({
      title: draft.title,
      body: draft.body,
      publishedAt: null,
      createdBy: draft.createdBy,
      createdAt: draft.at,
      updatedAt: draft.at,
    })
    .returning({ id: termsDocuments.id });
  return row!.id;
}

/** Changes a draft; false when there is no such draft (unknown, or published already). */
export async function updateDraft(db: Db, id: number, draft: { title: string; body: string; at: Date }) {
  const rows = await db
    .update(termsDocuments)
    .set({ title: draft.title, body: draft.body, updatedAt: draft.at })
    .where(and(eq(termsDocuments.id, id), isNull(termsDocuments.publishedAt)))
    .returning({ id: termsDocuments.id });
  return rows.length === 1;
}

/** Publishes a draft from `effectiveAt`; false when there is no such draft. */
export async function publishDraft(db: Db, id: number, publish: { effectiveAt: Date; by: string; at: Date }) {
  const rows = await db
    .update(termsDocuments)
    .set({
      publishedAt: publish.effectiveAt,
      publishedBy: publish.by,
      publishRecordedAt: publish.at,
      updatedAt: publish.at,
    })
    .where(and(eq(termsDocuments.id, id), isNull(termsDocuments.publishedAt)))
    .returning({ id: termsDocuments.id });
  return rows.length === 1;
}

/** A version's number and title alone (no text, no count). */
export async function selectVersionTitle(db: Db, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await db
    .select({ id: termsDocuments.id, title: termsDocuments.title })
    .from(termsDocuments)
    .where(eq(termsDocuments.id, id))
    .limit(1);
  return row;
}

export const versionExists = async (db: Db, id: number) =>
  (await db.select({ id: termsDocuments.id }).from(termsDocuments).where(eq(termsDocuments.id, id)).limit(1)).length ===
  1;

// ── the "updated terms" notification, for every active agent in one statement ────────────────────────────

/** as the back office's agent list reads a status: empty and "inactive" are inactive, anything else active */
const isActiveAgent = sql`coalesce(lower(trim(${agents.status})), '') not in ('', 'inactive')`;

/**
 * One notification row per active agent, in one INSERT … SELECT (thousands of agents are one statement);
 * answers each row's id and agent.
 */
export async function insertNotificationForActiveAgents(
  db: Db,
  notification: { kind: string; title: string; body: string; link: string; at: Date },
): Promise<{ id: number; agentId: string }[]> {
  const result = await db.execute<{ id: number; agent_id: string }>(sql`
    insert into ${notifications} (agent_id, kind, title, body, link, created_at)
    select ${agents.id}, ${notification.kind}, ${notification.title}, ${notification.body}, ${notification.link},
           ${notification.at.toISOString()}::timestamptz
    from ${agents}
    where ${isActiveAgent}
    returning id, agent_id`);
  return result.rows.map((row) => ({ id: Number(row.id), agentId: row.agent_id }));
}

/** The active agents who take this kind of notification by e-mail (not opted out on My Profile). */
export const selectEmailRecipients = (db: Db, kind: string) =>
  db
    .select({ agentId: agents.id, email: agents.email, firstName: agents.firstName })
    .from(agents)
    .leftJoin(
      notificationEmailOptOuts,
      and(eq(notificationEmailOptOuts.agentId, agents.id), eq(notificationEmailOptOuts.kind, kind)),
    )
    .where(and(isActiveAgent, isNull(notificationEmailOptOuts.agentId)))
    .orderBy(agents.id);

// ── acceptance history ────────────────────────────────────────────────────────────────────────────────

export interface AcceptanceRow {
  agentId: string;
  npn: string;
  firstName: string;
  lastName: string;
  version: number;
  acceptedAt: Date;
}

const acceptanceColumns = {
  agentId: termsAcceptances.agentId,
  npn: agents.npn,
  firstName: agents.firstName,
  lastName: agents.lastName,
  version: termsAcceptances.termsId,
  acceptedAt: termsAcceptances.acceptedAt,
};

export interface AcceptancePosition {
  acceptedAt: Date;
  version: number;
  agentId: string;
}

/** Newest first; after a position (keyset) or from an offset (the table's pages). */
export function selectAcceptances(
  db: Db,
  filter: { version: number | undefined },
  page: { limit: number; offset?: number; after?: AcceptancePosition | undefined },
): Promise<AcceptanceRow[]> {
  const after = page.after
    ? sql`(${termsAcceptances.acceptedAt}, ${termsAcceptances.termsId}, ${termsAcceptances.agentId}) < (${page.after.acceptedAt.toISOString()}::timestamptz, ${page.after.version}, ${page.after.agentId})`
    : undefined;
  return db
    .select(acceptanceColumns)
    .from(termsAcceptances)
    .innerJoin(agents, eq(agents.id, termsAcceptances.agentId))
    .where(and(filter.version === undefined ? undefined : eq(termsAcceptances.termsId, filter.version), after))
    .orderBy(desc(termsAcceptances.acceptedAt), desc(termsAcceptances.termsId), desc(termsAcceptances.agentId))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export async function countAcceptances(db: Db, filter: { version: number | undefined }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(termsAcceptances)
    .where(filter.version === undefined ? undefined : eq(termsAcceptances.termsId, filter.version));
  return row?.n ?? 0;
}

// ── who has not accepted the version in force (issue 47) ──────────────────────────────────────────────

/**
 * An active agent without an acceptance of `version`: an anti-join on the acceptances' unique (agent, version) index,
 * one probe per agent, never a load of either table.
 */
const notAcceptedWhere = (version: number, q: string | undefined): SQL =>
  and(
    isActiveAgent,
    sql`not exists (select 1 from ${termsAcceptances} where ${termsAcceptances.agentId} = ${agents.id} and ${termsAcceptances.termsId} = ${version})`,
    q ? or(agentPrefixWhere(q), sql`lower(${agents.email}) like ${likePrefix(q.toLowerCase())}`) : undefined,
  )!;

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface NotAcceptedRow {
  agentId: string;
  npn: string;
  firstName: string;
  lastName: string;
  email: string;
  remindedAt: Date | null;
}

export interface NotAcceptedPosition {
  lastName: string;
  firstName: string;
  npn: string;
}

/** By last name, first name and NPN (the agents' name index); after a position (keyset) or from an offset. */
export function selectNotAccepted(
  db: Db,
  filter: { version: number; q: string | undefined },
  page: { limit: number; offset?: number; after?: NotAcceptedPosition | undefined },
): Promise<NotAcceptedRow[]> {
  const after = page.after
    ? sql`(${agents.lastName}, ${agents.firstName}, ${agents.npn}) > (${page.after.lastName}, ${page.after.firstName}, ${page.after.npn})`
    : undefined;
  return db
    .select({
      agentId: agents.id,
      npn: agents.npn,
      firstName: agents.firstName,
      lastName: agents.lastName,
      email: agents.email,
      remindedAt: termsReminders.remindedAt,
    })
    .from(agents)
    .leftJoin(termsReminders, eq(termsReminders.agentId, agents.id))
    .where(and(notAcceptedWhere(filter.version, filter.q), after))
    .orderBy(asc(agents.lastName), asc(agents.firstName), asc(agents.npn))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export async function countNotAccepted(db: Db, filter: { version: number; q: string | undefined }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agents).where(notAcceptedWhere(filter.version, filter.q));
  return row?.n ?? 0;
}

/** The last successful sign-in of each of a page of agents (the audit log's agent index), by agent id. */
export async function selectLastSignIns(db: Db, agentIds: string[]): Promise<Map<string, Date>> {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .select({ agentId: auditLog.agentId, at: sql<string>`max(${auditLog.occurredAt})` })
    .from(auditLog)
    .where(and(inArray(auditLog.agentId, agentIds), eq(auditLog.action, 'sign-in.succeeded')))
    .groupBy(auditLog.agentId);
  return new Map(rows.flatMap((row) => (row.agentId ? [[row.agentId, new Date(row.at)] as const] : [])));
}

/** How many of the named agents (all when `npns` is absent) have to accept `version`. */
export async function countPendingAmong(db: Db, version: number, npns: string[] | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(agents)
    .where(and(notAcceptedWhere(version, undefined), npns ? inArray(agents.npn, npns) : undefined));
  return row?.n ?? 0;
}

/**
 * Records a reminder for each named agent (all when `npns` is absent) who has to accept `version` and was not
 * reminded since `notBefore`, and writes each one's notification, in one statement: the conditional upsert is the
 * 24-hour rule, so two staff members reminding at once remind each agent once, and a reminder is never recorded
 * without its notification. Answers the notifications written (one per agent reminded).
 */
export async function claimReminders(
  db: Db,
  reminder: { version: number; npns: string[] | undefined; at: Date; notBefore: Date; by: string },
  notification: { kind: string; title: string; body: string; link: string },
): Promise<{ id: number; agentId: string }[]> {
  const at = sql`${reminder.at.toISOString()}::timestamptz`;
  const named = reminder.npns
    ? sql` and ${agents.npn} in (${sql.join(
        reminder.npns.map((npn) => sql`${npn}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute<{ id: number; agent_id: string }>(sql`
    with claimed as (
      insert into ${termsReminders} (agent_id, terms_id, reminded_at, reminded_by)
      select ${agents.id}, ${reminder.version}, ${at}, ${reminder.by}
      from ${agents}
      where ${notAcceptedWhere(reminder.version, undefined)}${named}
      on conflict (agent_id) do update
        set terms_id = excluded.terms_id, reminded_at = excluded.reminded_at, reminded_by = excluded.reminded_by
        where ${termsReminders.remindedAt} <= ${reminder.notBefore.toISOString()}::timestamptz
      returning agent_id
    )
    insert into ${notifications} (agent_id, kind, title, body, link, created_at)
    select agent_id, ${notification.kind}, ${notification.title}, ${notification.body}, ${notification.link}, ${at}
    from claimed
    returning id, agent_id`);
  return result.rows.map((row) => ({ id: Number(row.id), agentId: row.agent_id }));
}

/** Of the agents, those who take this kind of notification by e-mail (not opted out), with their address. */
export const selectEmailRecipientsAmong = (db: Db, kind: string, agentIds: string[]) =>
  db
    .select({ agentId: agents.id, email: agents.email, firstName: agents.firstName })
    .from(agents)
    .leftJoin(
      notificationEmailOptOuts,
      and(eq(notificationEmailOptOuts.agentId, agents.id), eq(notificationEmailOptOuts.kind, kind)),
    )
    .where(and(inArray(agents.id, agentIds), isNull(notificationEmailOptOuts.agentId)))
    .orderBy(agents.id);

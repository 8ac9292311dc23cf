import { STAFF_ENROLLMENTS_PAGE_SIZE, type EnrollmentSort, type ListStaffEnrollmentsQuery } from '@arc/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { agentMatch } from '../../db/agent-search.ts';
import type { Db, Tx } from '../../db/client.ts';
import { distinctValues } from '../../db/distinct-values.ts';
import { agents, clients, enrollmentLog, enrollments, files, staffAccounts } from '../../db/schema/index.ts';

const queueColumns = {
  enrollment: enrollments,
  agentNpn: agents.npn,
  agentFirstName: agents.firstName,
  agentLastName: agents.lastName,
  fileName: files.name,
  fileSize: files.size,
  storageKey: files.storageKey,
  assigneeEmail: staffAccounts.email,
  assigneeName: staffAccounts.name,
  linkedFirstName: clients.firstName,
  linkedLastName: clients.lastName,
};

export type QueueEnrollment = typeof enrollments.$inferSelect & {
  agentNpn: string;
  agentFirstName: string;
  agentLastName: string;
  fileName: string | null;
  fileSize: number | null;
  storageKey: string | null;
  assigneeEmail: string | null;
  assigneeName: string | null;
  /** the linked client's name (issue 46), which wins over the names on the enrollment */
  linkedFirstName: string | null;
  linkedLastName: string | null;
};

const flatten = (row: {
  enrollment: typeof enrollments.$inferSelect;
  agentNpn: string;
  agentFirstName: string;
  agentLastName: string;
  fileName: string | null;
  fileSize: number | null;
  storageKey: string | null;
  assigneeEmail: string | null;
  assigneeName: string | null;
  linkedFirstName: string | null;
  linkedLastName: string | null;
}): QueueEnrollment => ({
  ...row.enrollment,
  agentNpn: row.agentNpn,
  agentFirstName: row.agentFirstName,
  agentLastName: row.agentLastName,
  fileName: row.fileName,
  fileSize: row.fileSize,
  storageKey: row.storageKey,
  assigneeEmail: row.assigneeEmail,
  assigneeName: row.assigneeName,
  linkedFirstName: row.linkedFirstName,
  linkedLastName: row.linkedLastName,
});

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface QueueFilter extends Omit<ListStaffEnrollmentsQuery, 'page' | 'sort' | 'assignee'> {
  timeZone: string;
  /** a staff member's id, or null: unassigned (`enrollments_assignee_received_idx`, migration 0030) */
  assigneeId?: string | null | undefined;
}

/**
 * The queue's filters. The upload date range becomes two instants in the business time zone (constant
 * expressions), so `enrollments_*received_idx` (migration 0019) serve it. The search takes a prefix of the agent's
 * NPN, last name or "first last" (`agentMatch`: the matching agents first, then their enrollments by
 * `enrollments_agent_received_idx`), of the client's last name (`enrollments_client_last_prefix_idx`), or an id.
 */
async function queueWhere(db: Db, filter: QueueFilter): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(enrollments.status, filter.status));
  if (filter.carrier) conditions.push(eq(enrollments.carrierName, filter.carrier));
  if (filter.mode) conditions.push(eq(enrollments.mode, filter.mode));
  if (filter.assigneeId === null) conditions.push(isNull(enrollments.assigneeId));
  else if (filter.assigneeId !== undefined) conditions.push(eq(enrollments.assigneeId, filter.assigneeId));
  if (filter.from) {
    conditions.push(
      sql`${enrollments.receivedAt} >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql`${enrollments.receivedAt} < ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`,
    );
  }
  const q = filter.q?.trim();
  if (q) {
    const byAgent = await agentMatch(db, enrollments.agentId, q);
    const byClient = sql`lower(${enrollments.clientLast}) like ${likePrefix(q.toLowerCase())}`;
    conditions.push(or(byAgent, byClient, eq(enrollments.id, q))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

function orderBy(sort: EnrollmentSort): SQL[] {
  const isDesc = sort.startsWith('-');
  const dir = isDesc ? desc : asc;
  const columns: Record<string, SQL[]> = {
    receivedAt: [dir(enrollments.receivedAt), dir(enrollments.id)],
    agent: [dir(agents.lastName), dir(agents.firstName), dir(enrollments.receivedAt), dir(enrollments.id)],
    client: [dir(enrollments.clientLast), dir(enrollments.clientFirst), dir(enrollments.id)],
    carrier: [dir(enrollments.carrierName), dir(enrollments.receivedAt), dir(enrollments.id)],
    status: [dir(enrollments.status), dir(enrollments.receivedAt), dir(enrollments.id)],
  };
  return columns[isDesc ? sort.slice(1) : sort] ?? columns.receivedAt!;
}

/**
 * One page of the queue (offset paging on the indexed order), and the number of matches counted up to `countCap`
 * + 1 only (docs/decisions/back-office.md): a filtered page stays a short index walk however many enrollments there
 * are.
 */
export async function selectQueuePage(
  db: Db,
  filter: QueueFilter,
  page: number,
  sort: EnrollmentSort,
  countCap: number,
): Promise<{ rows: QueueEnrollment[]; total: number }> {
  const where = await queueWhere(db, filter);
  const rows = await db
    .select(queueColumns)
    .from(enrollments)
    .innerJoin(agents, eq(agents.id, enrollments.agentId))
    .leftJoin(files, eq(files.id, enrollments.fileId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, enrollments.assigneeId))
    .leftJoin(clients, eq(clients.id, enrollments.clientId))
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(STAFF_ENROLLMENTS_PAGE_SIZE)
    .offset((page - 1) * STAFF_ENROLLMENTS_PAGE_SIZE);
  const capped = db
    .select({ one: sql`1` })
    .from(enrollments)
    .where(where)
    .limit(countCap + 1)
    .as('capped');
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return { rows: rows.map(flatten), total: count?.total ?? 0 };
}

/** Where the export has come to: the last row read. */
export interface QueueExportPosition {
  id: string;
}

/**
 * The export's reader of the queue's filtered set (the list's filters and search): pages in upload order, newest
 * first unless `oldestFirst`, each one a keyset walk after the last row read (`keysetRows`) on the indexes the list's
 * date order uses. The filter is resolved once (the search's matching agents), then each page is one short query.
 */
export async function queueExportPages(db: Db, filter: QueueFilter, oldestFirst: boolean) {
  const where = await queueWhere(db, filter);
  const dir = oldestFirst ? asc : desc;
  return async (after: QueueExportPosition | undefined, limit: number): Promise<QueueEnrollment[]> => {
    // the last row's own stored time (microseconds, which a JS Date would round off), read by its id
    const position = after && sql`(select e.received_at, e.id from ${enrollments} e where e.id = ${after.id})`;
    const past = position
      ? oldestFirst
        ? sql`(${enrollments.receivedAt}, ${enrollments.id}) > ${position}`
        : sql`(${enrollments.receivedAt}, ${enrollments.id}) < ${position}`
      : undefined;
    const rows = await db
      .select(queueColumns)
      .from(enrollments)
      .innerJoin(agents, eq(agents.id, enrollments.agentId))
      .leftJoin(files, eq(files.id, enrollments.fileId))
      .leftJoin(staffAccounts, eq(staffAccounts.id, enrollments.assigneeId))
      .leftJoin(clients, eq(clients.id, enrollments.clientId))
      .where(and(where, past))
      .orderBy(dir(enrollments.receivedAt), dir(enrollments.id))
      .limit(limit);
    return rows.map(flatten);
  };
}

/** The carrier filter's choices, along `enrollments_carrier_received_idx` (a few ms at a million enrollments). */
export const selectCarriers = (db: Db) => distinctValues(db, enrollments, enrollments.carrierName);

/** One enrollment of the queue with its agent and file. */
export async function selectQueueEnrollment(db: Db, id: string): Promise<QueueEnrollment | undefined> {
  const [row] = await db
    .select(queueColumns)
    .from(enrollments)
    .innerJoin(agents, eq(agents.id, enrollments.agentId))
    .leftJoin(files, eq(files.id, enrollments.fileId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, enrollments.assigneeId))
    .leftJoin(clients, eq(clients.id, enrollments.clientId))
    .where(eq(enrollments.id, id))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** The enrollments with these ids, with agent, file and assignee; `forUpdate` locks them until the transaction ends. */
export async function selectQueueEnrollments(db: Db | Tx, ids: readonly string[], forUpdate = false) {
  if (ids.length === 0) return [];
  const query = db
    .select(queueColumns)
    .from(enrollments)
    .innerJoin(agents, eq(agents.id, enrollments.agentId))
    .leftJoin(files, eq(files.id, enrollments.fileId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, enrollments.assigneeId))
    .leftJoin(clients, eq(clients.id, enrollments.clientId))
    .where(inArray(enrollments.id, [...ids]))
    .orderBy(asc(enrollments.id));
  return (await (forUpdate ? query.for('update', { of: enrollments }) : query)).map(flatten);
}

/** Assigns an enrollment at the version the caller read, raising it; answers false when the version moved on. */
export async function updateAssigneeAtVersion(tx: Tx, id: string, version: number, assigneeId: string | null) {
  const rows = await tx
    .update(enrollments)
    .set({ assigneeId, version: sql`${enrollments.version} + 1` })
    .where(and(eq(enrollments.id, id), eq(enrollments.version, version)))
    .returning({ id: enrollments.id });
  return rows.length === 1;
}

/** What staff enter or correct on an enrollment (issue 46). */
export type EnrollmentData = Pick<
  typeof enrollments.$inferInsert,
  'carrierName' | 'productName' | 'planId' | 'productType' | 'effectiveDate' | 'applicationNumber'
>;

/** Writes the enrollment's data at the version the caller read, raising it; false when the version moved on. */
export async function updateDataAtVersion(tx: Tx, id: string, version: number, data: EnrollmentData, at: Date) {
  const rows = await tx
    .update(enrollments)
    .set({ ...data, updatedAt: at, version: sql`${enrollments.version} + 1` })
    .where(and(eq(enrollments.id, id), eq(enrollments.version, version)))
    .returning({ id: enrollments.id });
  return rows.length === 1;
}

export const insertLogEntries = (tx: Tx, rows: (typeof enrollmentLog.$inferInsert)[]) =>
  tx.insert(enrollmentLog).values(rows);

export const selectLog = (db: Db, enrollmentId: string) =>
  db
    .select({ at: enrollmentLog.at, by: enrollmentLog.by, action: enrollmentLog.action })
    .from(enrollmentLog)
    .where(eq(enrollmentLog.enrollmentId, enrollmentId))
    .orderBy(desc(enrollmentLog.at), desc(enrollmentLog.id))
    .limit(200);

/**
 * Agents with open pended enrollments and those enrollments (the weekly digest's input), agent by agent; one agent's
 * when `agentId` is given.
 */
export async function selectPendedByAgent(db: Db, agentId?: string) {
  const rows = await db
    .select({
      agentId: enrollments.agentId,
      email: agents.email,
      firstName: agents.firstName,
      id: enrollments.id,
      reason: enrollments.reason,
      clientFirst: enrollments.clientFirst,
      clientLast: enrollments.clientLast,
      carrierName: enrollments.carrierName,
      receivedAt: enrollments.receivedAt,
    })
    .from(enrollments)
    .innerJoin(agents, eq(agents.id, enrollments.agentId))
    .where(
      and(
        eq(enrollments.status, 'Pended'),
        isNotNull(agents.email),
        agentId === undefined ? undefined : eq(enrollments.agentId, agentId),
      ),
    )
    .orderBy(asc(enrollments.agentId), asc(enrollments.receivedAt));
  const byAgent = new Map<string, { email: string; firstName: string; pended: typeof rows }>();
  for (const row of rows) {
    const entry = byAgent.get(row.agentId) ?? { email: row.email, firstName: row.firstName, pended: [] };
    entry.pended.push(row);
    byAgent.set(row.agentId, entry);
  }
  return byAgent;
}

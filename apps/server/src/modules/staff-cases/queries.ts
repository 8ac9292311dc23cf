import { STAFF_CASES_PAGE_SIZE, type CaseSort, type CaseStatus } from '@arc/contract';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { distinctValues } from '../../db/distinct-values.ts';
import { agents, caseMessages, cases, staffAccounts } from '../../db/schema/index.ts';

type DbOrTx = Db | Tx;

export type QueueCase = typeof cases.$inferSelect & {
  agentNpn: string;
  agentFirstName: string;
  agentLastName: string;
  agentEmail: string;
  assigneeEmail: string | null;
  assigneeName: string | null;
};

export interface CaseFilter {
  q?: string | undefined;
  status?: CaseStatus | undefined;
  /** a staff member's id, or null: unassigned */
  assigneeId?: string | null | undefined;
  requestType?: string | undefined;
  carrier?: string | undefined;
}

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The queue's filters. Status and assignee are served by `cases_status_created_idx` and
 * `cases_assignee_created_idx` (migration 0020); the search takes a case reference, or a prefix of the agent's NPN,
 * last name or "first last" (the agents' prefix indexes of migration 0014), or of the member's name or ID.
 */
function queueWhere(filter: CaseFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(cases.status, filter.status));
  if (filter.assigneeId === null) conditions.push(isNull(cases.assigneeId));
  else if (filter.assigneeId !== undefined) conditions.push(eq(cases.assigneeId, filter.assigneeId));
  // cases_request_type_created_idx and cases_carrier_created_idx (migration 0032)
  if (filter.requestType) conditions.push(eq(cases.requestType, filter.requestType));
  if (filter.carrier) conditions.push(eq(cases.carrier, filter.carrier));
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePrefix(q.toLowerCase());
    conditions.push(
      sql`(${cases.id} = ${q} or ${agents.npn} like ${pattern} or lower(${agents.lastName}) like ${pattern} or lower(${agents.firstName} || ' ' || ${agents.lastName}) like ${pattern} or lower(${cases.memberName}) like ${pattern} or lower(${cases.memberId}) like ${pattern})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

function orderBy(sort: CaseSort): SQL[] {
  const isDesc = sort.startsWith('-');
  const dir = isDesc ? desc : asc;
  const columns: Record<string, SQL[]> = {
    created: [dir(cases.createdAt), dir(cases.id)],
    updated: [dir(cases.updatedAt), dir(cases.id)],
    agent: [dir(agents.lastName), dir(agents.firstName), desc(cases.createdAt), desc(cases.id)],
    // Open, In progress, Closed: the order the work goes in
    status: [
      sql`case ${cases.status} when 'Open' then 0 when 'In progress' then 1 else 2 end ${sql.raw(isDesc ? 'desc' : 'asc')}`,
      desc(cases.createdAt),
      desc(cases.id),
    ],
  };
  return columns[isDesc ? sort.slice(1) : sort] ?? columns.created!;
}

const queueColumns = {
  row: cases,
  agentNpn: agents.npn,
  agentFirstName: agents.firstName,
  agentLastName: agents.lastName,
  agentEmail: agents.email,
  assigneeEmail: staffAccounts.email,
  assigneeName: staffAccounts.name,
};

const flatten = (row: {
  row: typeof cases.$inferSelect;
  agentNpn: string;
  agentFirstName: string;
  agentLastName: string;
  agentEmail: string;
  assigneeEmail: string | null;
  assigneeName: string | null;
}): QueueCase => ({
  ...row.row,
  agentNpn: row.agentNpn,
  agentFirstName: row.agentFirstName,
  agentLastName: row.agentLastName,
  agentEmail: row.agentEmail,
  assigneeEmail: row.assigneeEmail,
  assigneeName: row.assigneeName,
});

/** One page of the queue (offset paging on an indexed order), and the number of matching cases. */
export async function selectCasesPage(
  db: Db,
  filter: CaseFilter,
  page: number,
  sort: CaseSort,
): Promise<{ rows: QueueCase[]; total: number }> {
  const where = queueWhere(filter);
  const rows = await db
    .select(queueColumns)
    .from(cases)
    .innerJoin(agents, eq(agents.id, cases.agentId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, cases.assigneeId))
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(STAFF_CASES_PAGE_SIZE)
    .offset((page - 1) * STAFF_CASES_PAGE_SIZE);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(cases)
    .innerJoin(agents, eq(agents.id, cases.agentId))
    .where(where);
  return { rows: rows.map(flatten), total: count?.total ?? 0 };
}

/** The carrier filter's choices, along `cases_carrier_created_idx` (migration 0032). */
export const selectCarriers = (db: Db) => distinctValues(db, cases, cases.carrier);

/** One case with its agent and assignee; `forUpdate` locks it until the transaction ends. */
export async function selectCase(db: DbOrTx, id: string, forUpdate = false): Promise<QueueCase | undefined> {
  const query = db
    .select(queueColumns)
    .from(cases)
    .innerJoin(agents, eq(agents.id, cases.agentId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, cases.assigneeId))
    .where(eq(cases.id, id))
    .limit(1);
  const [row] = await (forUpdate ? query.for('update', { of: cases }) : query);
  return row && flatten(row);
}

/** The cases with these references; `forUpdate` locks them until the transaction ends. */
export async function selectCases(db: DbOrTx, ids: readonly string[], forUpdate = false): Promise<QueueCase[]> {
  if (ids.length === 0) return [];
  const query = db
    .select(queueColumns)
    .from(cases)
    .innerJoin(agents, eq(agents.id, cases.agentId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, cases.assigneeId))
    .where(inArray(cases.id, [...ids]))
    .orderBy(asc(cases.id));
  return (await (forUpdate ? query.for('update', { of: cases }) : query)).map(flatten);
}

/** A case's replies and internal notes with their authors, oldest first. */
export const selectThread = (db: Db, caseId: string) =>
  db
    .select({
      id: caseMessages.id,
      kind: caseMessages.kind,
      body: caseMessages.body,
      staffId: caseMessages.staffId,
      staffEmail: staffAccounts.email,
      staffName: staffAccounts.name,
      emailedTo: caseMessages.emailedTo,
      createdAt: caseMessages.createdAt,
    })
    .from(caseMessages)
    .innerJoin(staffAccounts, eq(staffAccounts.id, caseMessages.staffId))
    .where(eq(caseMessages.caseId, caseId))
    .orderBy(asc(caseMessages.id));

export type CaseChange = Partial<Pick<typeof cases.$inferInsert, 'status' | 'assigneeId' | 'doneAt'>>;

/** Applies a change to one case at the version the caller read; answers false when the version moved on. */
export async function updateCaseAtVersion(tx: Tx, id: string, version: number, change: CaseChange, at: Date) {
  const rows = await tx
    .update(cases)
    .set({ ...change, updatedAt: at, version: sql`${cases.version} + 1` })
    .where(and(eq(cases.id, id), eq(cases.version, version)))
    .returning({ id: cases.id });
  return rows.length === 1;
}

export async function insertCaseMessage(tx: Tx, row: typeof caseMessages.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(caseMessages).values(row).returning({ id: caseMessages.id });
  return inserted!.id;
}

/** Records where a reply was e-mailed (known once the notification went out, after the commit). */
export const setReplyEmailedTo = (db: Db, id: number, emailedTo: string) =>
  db.update(caseMessages).set({ emailedTo }).where(eq(caseMessages.id, id));

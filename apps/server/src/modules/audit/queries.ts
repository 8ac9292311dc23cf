import { and, asc, desc, eq, getTableColumns, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, auditLog, staffAccounts } from '../../db/schema/index.ts';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

/** A row with whom it names: the agent's NPN and name and the staff member's e-mail, when they still exist. */
export type AuditRecord = AuditRow & {
  agentNpn: string | null;
  agentFirstName: string | null;
  agentLastName: string | null;
  staffEmail: string | null;
};

/** The only write: an insert (there is no update or delete here, and the table's trigger refuses both). */
export async function insertAuditRow(db: Pick<Db, 'insert'>, row: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(row);
}

/** The values of an audit row written inside another statement (`auditInsertWithin`), each an SQL expression. */
export interface AuditRowSql {
  occurredAt: SQL;
  agentId: SQL;
  ip: SQL;
  action: SQL;
  subject: SQL;
  detail: SQL;
}

/**
 * One audit row written by the statement that does what it records, as a data-modifying CTE
 * (`recorded as (${auditInsertWithin(…)})`): an event of a hot read path (a prospect search) costs no round trip
 * of its own, and the answer and its record stand or fail together (docs/decisions/prospects.md). Committed without
 * waiting for the write-ahead log to reach the disk (`synchronous_commit` off for this one statement's transaction,
 * (docs/decisions/audit-log.md): an insert that fails still fails the statement; only a crash of the database itself
 * within a fraction of a second after the commit (3 × wal_writer_delay, 600 ms by default) can lose the row. Written
 * for each row that `from` yields where `where` holds.
 */
export const auditInsertWithin = (values: AuditRowSql, from: SQL, where: SQL): SQL =>
  sql`insert into ${auditLog} (occurred_at, agent_id, ip, action, subject, detail)
    select ${values.occurredAt}, ${values.agentId}, ${values.ip}, ${values.action}, ${values.subject}, ${values.detail}
    from ${from}, (select set_config('synchronous_commit', 'off', true)) as unflushed
    where ${where}`;

export interface AuditFilter {
  since?: Date | undefined;
  until?: Date | undefined;
  /** an agent's id (the export command, which resolves a login or NPN itself) */
  agentId?: string | undefined;
  /** an agent's NPN, or a prefix of the NPN, the e-mail, the last name or "first last" */
  agent?: string | undefined;
  /** a prefix of a staff member's e-mail (lower case) */
  staff?: string | undefined;
  action?: string | undefined;
  /** calendar days (YYYY-MM-DD) in `timeZone`, both inclusive */
  fromDay?: string | undefined;
  toDay?: string | undefined;
  timeZone?: string | undefined;
}

/** A position in the log: the time and id of the last row read. */
export interface AuditPosition {
  occurredAt: Date;
  id: number;
}

const likePrefix = (value: string) => `${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** More agents or staff than this named by a filter: matched by a subquery rather than a list of ids. */
const MAX_LISTED_IDS = 100;

/**
 * Who a text filter names, as a condition on the log's column: one id is an equality (its index then reads the
 * page in time order and stops after it), a few a list, many the subquery itself.
 */
async function namedIds(db: Db, column: AnyColumn, ids: SQL): Promise<SQL> {
  const found = await db.execute<{ id: string }>(sql`${ids} limit ${MAX_LISTED_IDS + 1}`);
  const list = found.rows.map((row) => row.id);
  if (list.length === 0) return sql`false`;
  if (list.length === 1) return eq(column, list[0]!);
  return list.length <= MAX_LISTED_IDS ? inArray(column, list) : inArray(column, sql`(${ids})`);
}

/**
 * The filter as SQL. Each filter has an index that starts with its column and goes on with `occurred_at`
 * (agent, staff, action; migrations 0007, 0013, 0016), so a page is an index range read whichever is set.
 * The agent and staff texts become the ids they name (the same prefix indexes as the agents' search, 0014).
 */
async function filterWhere(db: Db, filter: AuditFilter): Promise<SQL[]> {
  const conditions: (SQL | undefined)[] = [
    filter.since ? gte(auditLog.occurredAt, filter.since) : undefined,
    filter.until ? lt(auditLog.occurredAt, filter.until) : undefined,
    filter.agentId === undefined ? undefined : eq(auditLog.agentId, filter.agentId),
    filter.action === undefined ? undefined : eq(auditLog.action, filter.action),
  ];
  if (filter.agent) {
    const pattern = likePrefix(filter.agent.toLowerCase());
    const ids = sql`select ${agents.id} as id from ${agents} where ${agents.npn} like ${pattern} or lower(${agents.email}) like ${pattern} or lower(${agents.lastName}) like ${pattern} or lower(${agents.firstName} || ' ' || ${agents.lastName}) like ${pattern}`;
    conditions.push(await namedIds(db, auditLog.agentId, ids));
  }
  if (filter.staff) {
    const pattern = likePrefix(filter.staff.toLowerCase());
    const ids = sql`select ${staffAccounts.id} as id from ${staffAccounts} where ${staffAccounts.email} like ${pattern}`;
    conditions.push(await namedIds(db, auditLog.staffId, ids));
  }
  const timeZone = filter.timeZone ?? 'UTC';
  // a day's bounds in the business time zone, computed by the database (daylight saving included)
  if (filter.fromDay) {
    conditions.push(sql`${auditLog.occurredAt} >= (${filter.fromDay}::date)::timestamp at time zone ${timeZone}`);
  }
  if (filter.toDay) {
    conditions.push(sql`${auditLog.occurredAt} < (${filter.toDay}::date + 1)::timestamp at time zone ${timeZone}`);
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * One keyset page in time order (ties by id): `newest` for the back office's table and its export, `oldest` for
 * the export command. Each page is a short query, so an export of any size never holds PGlite's one connection.
 */
export async function selectAuditPage(
  db: Db,
  filter: AuditFilter,
  options: { order: 'newest' | 'oldest'; after?: AuditPosition | undefined; limit: number },
): Promise<AuditRecord[]> {
  const { order, after, limit } = options;
  const isNewest = order === 'newest';
  const conditions = await filterWhere(db, filter);
  if (after) {
    const at = after.occurredAt.toISOString();
    // the plain bound lets every (column, occurred_at) index narrow the range; the row comparison breaks ties
    conditions.push(
      isNewest
        ? sql`${auditLog.occurredAt} <= ${at}::timestamptz and (${auditLog.occurredAt}, ${auditLog.id}) < (${at}::timestamptz, ${after.id})`
        : sql`${auditLog.occurredAt} >= ${at}::timestamptz and (${auditLog.occurredAt}, ${auditLog.id}) > (${at}::timestamptz, ${after.id})`,
    );
  }
  const direction = isNewest ? desc : asc;
  return db
    .select({
      ...getTableColumns(auditLog),
      agentNpn: agents.npn,
      agentFirstName: agents.firstName,
      agentLastName: agents.lastName,
      staffEmail: staffAccounts.email,
    })
    .from(auditLog)
    .leftJoin(agents, eq(agents.id, auditLog.agentId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
    .where(and(...conditions))
    .orderBy(direction(auditLog.occurredAt), direction(auditLog.id))
    .limit(limit);
}

/** Deletes up to `limit` rows older than `before`; only callable inside withRetentionPurge. Returns the count. */
export async function deleteAuditRowsBefore(tx: Db, before: Date, limit: number): Promise<number> {
  const doomed = tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(lt(auditLog.occurredAt, before))
    .orderBy(asc(auditLog.id))
    .limit(limit);
  const deleted = await tx.delete(auditLog).where(inArray(auditLog.id, doomed)).returning({ id: auditLog.id });
  return deleted.length;
}

import type { StaffRole, WorkQueue } from '@arc/contract';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cases, enrollments, staffAccounts, supplyOrders } from '../../db/schema/index.ts';

export interface StaffNameRow {
  id: string;
  email: string;
  name: string | null;
}

/** The active staff members of these roles (one of them, with `id`). */
export const selectActiveStaff = (db: Db | Tx, roles: readonly StaffRole[], id?: string): Promise<StaffNameRow[]> =>
  db
    .select({ id: staffAccounts.id, email: staffAccounts.email, name: staffAccounts.name })
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.status, 'active'),
        inArray(staffAccounts.role, [...roles]),
        id === undefined ? undefined : eq(staffAccounts.id, id),
      ),
    );

interface Summary {
  waiting: number;
  oldestAt: Date | null;
  pastSla: number;
}

/**
 * How many wait, since when, and how many past the cutoff: one aggregate over the rows of an index range (the
 * `where` leads the index, the date is its next column), so Postgres answers it from the index alone.
 */
async function summary(db: Db, date: SQL, where: SQL, cutoff: Date): Promise<Summary> {
  const result = await db.execute<{ waiting: number; oldest: string | Date | null; past: number }>(
    sql`select count(*)::int as waiting, min(${date}) as oldest,
          (count(*) filter (where ${date} < ${cutoff.toISOString()}::timestamptz))::int as past
        from ${where}`,
  );
  const row = result.rows[0];
  return {
    waiting: Number(row?.waiting ?? 0),
    oldestAt: row?.oldest ? new Date(row.oldest) : null,
    pastSla: Number(row?.past ?? 0),
  };
}

/**
 * Each dashboard queue's waiting work (WORK_QUEUE_LABELS): orders Not Completed (`supply_orders_status_date_idx`),
 * enrollments Received or In Review and those Pended (`enrollments_status_received_idx`), cases Open and unassigned
 * (`cases_status_assignee_created_idx`, migration 0032). A pended enrollment's age is counted from its upload.
 */
export async function selectQueueSummaries(db: Db, cutoffs: Record<WorkQueue, Date>) {
  return {
    orders: await summary(
      db,
      sql`order_date`,
      sql`${supplyOrders} where ${supplyOrders.status} is null`,
      cutoffs.orders,
    ),
    enrollments: await summary(
      db,
      sql`received_at`,
      sql`${enrollments} where ${enrollments.status} in ('Received', 'In Review')`,
      cutoffs.enrollments,
    ),
    pended: await summary(
      db,
      sql`received_at`,
      sql`${enrollments} where ${enrollments.status} = 'Pended'`,
      cutoffs.pended,
    ),
    cases: await summary(
      db,
      sql`created_at`,
      sql`${cases} where ${cases.status} = 'Open' and ${cases.assigneeId} is null`,
      cutoffs.cases,
    ),
  } satisfies Record<WorkQueue, Summary>;
}

type OpenCounts = { orders?: number; enrollments?: number; cases?: number };

/**
 * Each member's open work: orders Not Completed or Processing, enrollments not yet submitted or decided, cases not
 * closed; each counted over its partial index of open work by assignee (migration 0032), index-only.
 */
export async function selectMemberOpenWork(db: Db): Promise<Map<string, OpenCounts>> {
  const count = sql<number>`count(*)::int`;
  const [orders, enrollmentRows, caseRows] = [
    await db
      .select({ id: supplyOrders.assigneeId, n: count })
      .from(supplyOrders)
      .where(
        and(
          isNotNull(supplyOrders.assigneeId),
          sql`(${supplyOrders.status} is null or ${supplyOrders.status} = 'Processing')`,
        ),
      )
      .groupBy(supplyOrders.assigneeId),
    await db
      .select({ id: enrollments.assigneeId, n: count })
      .from(enrollments)
      .where(
        and(
          isNotNull(enrollments.assigneeId),
          sql`${enrollments.status} in ('Received', 'In Review', 'Pended', 'Resolved')`,
        ),
      )
      .groupBy(enrollments.assigneeId),
    await db
      .select({ id: cases.assigneeId, n: count })
      .from(cases)
      .where(and(isNotNull(cases.assigneeId), sql`${cases.status} <> 'Closed'`))
      .groupBy(cases.assigneeId),
  ];
  const work = new Map<string, OpenCounts>();
  const add = (rows: { id: string | null; n: number }[], key: keyof OpenCounts) => {
    for (const { id, n } of rows) if (id) work.set(id, { ...work.get(id), [key]: Number(n) });
  };
  add(orders, 'orders');
  add(enrollmentRows, 'enrollments');
  add(caseRows, 'cases');
  return work;
}

interface DayCount {
  day: string;
  n: number;
}

/** Rows per business day since `since` (YYYY-MM-DD, the business time zone), along the index on `date`. */
async function perDay(db: Db, table: SQL, date: SQL, since: string, timeZone: string): Promise<DayCount[]> {
  const result = await db.execute<{ day: string; n: number }>(
    sql`select to_char((${date} at time zone ${timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as n
        from ${table}
        where ${date} >= (${since}::date::timestamp at time zone ${timeZone})
        group by 1`,
  );
  return result.rows.map((r) => ({ day: r.day, n: Number(r.n) }));
}

const merge = (received: DayCount[], done: DayCount[]) => {
  const days = new Map<string, { day: string; received: number; done: number }>();
  for (const r of received) days.set(r.day, { day: r.day, received: r.n, done: 0 });
  for (const d of done) days.set(d.day, { day: d.day, received: days.get(d.day)?.received ?? 0, done: d.n });
  return [...days.values()];
};

/**
 * Received against done per business day since `since`: received along each table's date index, done along its
 * `*_done_idx` (migration 0032: when an order shipped or was cancelled, an enrollment was submitted or decided, a
 * case closed).
 */
export async function selectTrend(db: Db, since: string, timeZone: string) {
  return {
    orders: merge(
      await perDay(db, sql`${supplyOrders}`, sql`order_date`, since, timeZone),
      await perDay(db, sql`${supplyOrders}`, sql`done_at`, since, timeZone),
    ),
    enrollments: merge(
      await perDay(db, sql`${enrollments}`, sql`received_at`, since, timeZone),
      await perDay(db, sql`${enrollments}`, sql`done_at`, since, timeZone),
    ),
    cases: merge(
      await perDay(db, sql`${cases}`, sql`created_at`, since, timeZone),
      await perDay(db, sql`${cases}`, sql`done_at`, since, timeZone),
    ),
  };
}

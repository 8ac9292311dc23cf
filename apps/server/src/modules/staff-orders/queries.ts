import { STAFF_ORDERS_PAGE_SIZE, type ListStaffOrdersQuery, type OrderSort, type OrderStatus } from '@arc/contract';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { agentMatch } from '../../db/agent-search.ts';
import type { Db, Tx } from '../../db/client.ts';
import { distinctValues } from '../../db/distinct-values.ts';
import { agents, staffAccounts, supplyOrderLog, supplyOrders } from '../../db/schema/index.ts';

type DbOrTx = Db | Tx;

export type QueueOrder = typeof supplyOrders.$inferSelect & {
  agentNpn: string;
  agentFirstName: string;
  agentLastName: string;
  assigneeEmail: string | null;
  assigneeName: string | null;
};

const statusWhere = (status: OrderStatus): SQL =>
  status === 'Not Completed' ? isNull(supplyOrders.status) : eq(supplyOrders.status, status);

export interface QueueFilter extends Omit<ListStaffOrdersQuery, 'page' | 'sort' | 'assignee'> {
  timeZone: string;
  /** a staff member's id, or null: unassigned (`supply_orders_assignee_date_idx`, migration 0030) */
  assigneeId?: string | null | undefined;
}

/**
 * The queue's filters. The order date range is turned into two instants in the business time zone (constant
 * expressions), so `supply_orders_*_date_idx` (migration 0017) serve it; the search takes an order number or a
 * prefix of the agent's NPN, last name or "first last" (`agentMatch`: the matching agents first, then their orders
 * by `supply_orders_agent_idx`, docs/decisions/enrollments.md).
 */
async function queueWhere(db: Db, filter: QueueFilter): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(statusWhere(filter.status));
  if (filter.carrier) conditions.push(eq(supplyOrders.orgName, filter.carrier));
  if (filter.planState) conditions.push(eq(supplyOrders.planState, filter.planState));
  if (filter.type) conditions.push(eq(supplyOrders.type, filter.type));
  if (filter.assigneeId === null) conditions.push(isNull(supplyOrders.assigneeId));
  else if (filter.assigneeId !== undefined) conditions.push(eq(supplyOrders.assigneeId, filter.assigneeId));
  if (filter.from) {
    conditions.push(
      sql`${supplyOrders.orderDate} >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`,
    );
  }
  if (filter.to) {
    conditions.push(
      sql`${supplyOrders.orderDate} < ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`,
    );
  }
  const q = filter.q?.trim();
  if (q) {
    const byAgent = await agentMatch(db, supplyOrders.agentId, q);
    const orderNumber = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : undefined;
    const byNumber = orderNumber === undefined ? undefined : eq(supplyOrders.id, orderNumber);
    // nothing matches: a condition that is false, so the page and the count are empty
    conditions.push(or(byAgent, byNumber) ?? sql`false`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

function orderBy(sort: OrderSort): SQL[] {
  const isDesc = sort.startsWith('-');
  const dir = isDesc ? desc : asc;
  const columns: Record<string, SQL[]> = {
    orderDate: [dir(supplyOrders.orderDate), dir(supplyOrders.id)],
    id: [dir(supplyOrders.id)],
    // the agent's orders by date: the order of supply_orders_agent_idx, so a page walks agents by name
    agent: [dir(agents.lastName), dir(agents.firstName), dir(supplyOrders.orderDate), dir(supplyOrders.id)],
    carrier: [dir(supplyOrders.orgName), dir(supplyOrders.orderDate), dir(supplyOrders.id)],
    status: [
      isDesc ? sql`coalesce(${supplyOrders.status}, '') desc` : sql`coalesce(${supplyOrders.status}, '')`,
      dir(supplyOrders.orderDate),
      dir(supplyOrders.id),
    ],
  };
  return columns[isDesc ? sort.slice(1) : sort] ?? columns.orderDate!;
}

const queueColumns = {
  order: supplyOrders,
  agentNpn: agents.npn,
  agentFirstName: agents.firstName,
  agentLastName: agents.lastName,
  assigneeEmail: staffAccounts.email,
  assigneeName: staffAccounts.name,
};

const flatten = (row: {
  order: typeof supplyOrders.$inferSelect;
  agentNpn: string;
  agentFirstName: string;
  agentLastName: string;
  assigneeEmail: string | null;
  assigneeName: string | null;
}): QueueOrder => ({
  ...row.order,
  agentNpn: row.agentNpn,
  agentFirstName: row.agentFirstName,
  agentLastName: row.agentLastName,
  assigneeEmail: row.assigneeEmail,
  assigneeName: row.assigneeName,
});

/**
 * One page of the queue (offset paging on the indexed order), and the number of matching orders counted up to
 * `countCap` + 1 only (docs/decisions/back-office.md's cap, docs/decisions/enrollments.md): an exact count of a million
 * orders took most of a second.
 */
export async function selectQueuePage(
  db: Db,
  filter: QueueFilter,
  page: number,
  sort: OrderSort,
  countCap: number,
): Promise<{ rows: QueueOrder[]; total: number }> {
  const where = await queueWhere(db, filter);
  const rows = await db
    .select(queueColumns)
    .from(supplyOrders)
    .innerJoin(agents, eq(agents.id, supplyOrders.agentId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, supplyOrders.assigneeId))
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(STAFF_ORDERS_PAGE_SIZE)
    .offset((page - 1) * STAFF_ORDERS_PAGE_SIZE);
  const capped = db
    .select({ one: sql`1` })
    .from(supplyOrders)
    .where(where)
    .limit(countCap + 1)
    .as('capped');
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return { rows: rows.map(flatten), total: count?.total ?? 0 };
}

/**
 * The filters' choices: the distinct carriers, plan states and product types that have orders, each along the index
 * that leads with it (`distinctValues`: a few ms at a million orders, where `select distinct` read the table thrice).
 */
export async function selectQueueChoices(db: Db) {
  return {
    carriers: await distinctValues(db, supplyOrders, supplyOrders.orgName),
    planStates: await distinctValues(db, supplyOrders, supplyOrders.planState),
    types: await distinctValues(db, supplyOrders, supplyOrders.type),
  };
}

/** The orders with these ids, with their agents; `forUpdate` locks them until the transaction ends. */
export async function selectQueueOrders(db: DbOrTx, ids: readonly number[], forUpdate = false): Promise<QueueOrder[]> {
  if (ids.length === 0) return [];
  const query = db
    .select(queueColumns)
    .from(supplyOrders)
    .innerJoin(agents, eq(agents.id, supplyOrders.agentId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, supplyOrders.assigneeId))
    .where(inArray(supplyOrders.id, [...ids]))
    .orderBy(asc(supplyOrders.id));
  return (await (forUpdate ? query.for('update', { of: supplyOrders }) : query)).map(flatten);
}

export type OrderChange = Partial<
  Pick<
    typeof supplyOrders.$inferInsert,
    'status' | 'carrierOrderNum' | 'shipper' | 'tracking' | 'notes' | 'assigneeId' | 'doneAt'
  >
>;

/** Applies a change to one order at the version the caller read; answers false when the version moved on. */
export async function updateOrderAtVersion(tx: Tx, id: number, version: number, change: OrderChange) {
  const rows = await tx
    .update(supplyOrders)
    .set({ ...change, version: sql`${supplyOrders.version} + 1` })
    .where(and(eq(supplyOrders.id, id), eq(supplyOrders.version, version)))
    .returning({ id: supplyOrders.id });
  return rows.length === 1;
}

export const insertLogEntries = (tx: Tx, rows: (typeof supplyOrderLog.$inferInsert)[]) =>
  tx.insert(supplyOrderLog).values(rows);

/** An order's whole log, oldest first (`supply_order_log_order_idx`). */
export const selectOrderLog = (db: Db, orderId: number) =>
  db
    .select()
    .from(supplyOrderLog)
    .where(eq(supplyOrderLog.orderId, orderId))
    .orderBy(asc(supplyOrderLog.at), asc(supplyOrderLog.id));

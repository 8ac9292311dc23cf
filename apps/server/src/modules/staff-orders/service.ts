import {
  SHIPPERS,
  STAFF_ORDER_MESSAGES,
  STAFF_ORDERS_PAGE_SIZE,
  STAFF_ORDERS_TOTAL_CAP,
  trackingUrl,
  type ActOnStaffOrders,
  type AssignStaffOrders,
  type ListStaffOrdersQuery,
  type OrderAction,
  type OrderStatus,
  type Shipper,
  type StaffMember,
  type StaffOrderDetail,
  type StaffOrderList,
  type StaffOrderRow,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { AuditAction } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../audit/service.ts';
import { raiseNotification, type NotificationsDeps } from '../notifications/service.ts';
import { assigneeFilter, checkAssignee, listAssignees, staffDisplayName } from '../staff-work/service.ts';
import {
  insertLogEntries,
  selectOrderLog,
  selectQueueChoices,
  selectQueueOrders,
  selectQueuePage,
  updateOrderAtVersion,
  type OrderChange,
  type QueueOrder,
} from './queries.ts';

export interface StaffOrdersDeps extends NotificationsDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

/** Who acts: written in the order's log and the audit log. */
export interface StaffActor {
  staff: StaffMember;
  ip: string;
}

const isShipper = (value: string | null): value is Shipper => SHIPPERS.includes(value as Shipper);
const statusOf = (stored: string | null): OrderStatus =>
  stored === 'Processing' || stored === 'Shipped' || stored === 'Cancelled' ? stored : 'Not Completed';

export function toStaffOrderRow(order: QueueOrder): StaffOrderRow {
  const shipper = isShipper(order.shipper) ? order.shipper : null;
  return {
    id: order.id,
    version: order.version,
    status: statusOf(order.status),
    orderDate: order.orderDate,
    agent: { npn: order.agentNpn, firstName: order.agentFirstName, lastName: order.agentLastName },
    carrier: order.orgName,
    planState: order.planState,
    type: order.type,
    year: order.year,
    planName: order.planName,
    qty: order.qty,
    shipTo: `${order.streetNum} ${order.street}, ${order.city}, ${order.state} ${order.zip}`,
    specialInstructions: order.specialInstructions,
    carrierOrderNum: order.carrierOrderNum,
    shipper,
    tracking: order.tracking,
    trackingUrl: shipper && order.tracking ? trackingUrl(shipper, order.tracking) : null,
    notes: order.notes,
    assignee:
      order.assigneeId && order.assigneeEmail
        ? { id: order.assigneeId, name: staffDisplayName({ email: order.assigneeEmail, name: order.assigneeName }) }
        : null,
  };
}

export async function listOrders(
  deps: Pick<StaffOrdersDeps, 'db' | 'timeZone'>,
  staff: StaffMember,
  query: ListStaffOrdersQuery & { page: number; sort: NonNullable<ListStaffOrdersQuery['sort']> },
): Promise<StaffOrderList> {
  const { page, sort, assignee, ...rest } = query;
  const filter = { ...rest, assigneeId: assigneeFilter(assignee, staff) };
  // counted exactly up to the cap, or up to the end of the page asked for when that is deeper
  // (docs/decisions/back-office.md)
  const countCap = Math.max(STAFF_ORDERS_TOTAL_CAP, page * STAFF_ORDERS_PAGE_SIZE);
  const { rows, total } = await selectQueuePage(deps.db, { ...filter, timeZone: deps.timeZone }, page, sort, countCap);
  return {
    rows: rows.map(toStaffOrderRow),
    total: Math.min(total, countCap),
    totalCapped: total > countCap,
    page,
    pageSize: STAFF_ORDERS_PAGE_SIZE,
    choices: await selectQueueChoices(deps.db),
    assignees: await listAssignees(deps.db, 'orders'),
  };
}

/** One order with its whole history, notes kept from the agent included (issue 47); 404 for an unknown number. */
export async function getOrder(deps: Pick<StaffOrdersDeps, 'db'>, id: number): Promise<StaffOrderDetail> {
  const [order] = await selectQueueOrders(deps.db, [id]);
  if (!order) throw new AppError('NOT_FOUND', STAFF_ORDER_MESSAGES.notFound);
  const log = await selectOrderLog(deps.db, id);
  return {
    order: toStaffOrderRow(order),
    log: log.map((entry) => ({
      at: entry.at,
      by: `${entry.firstName} ${entry.lastName}`.trim(),
      action: entry.action,
      link: entry.link,
      isInternal: entry.isInternal,
    })),
  };
}

/** The refusal of an action on an order in this status, if it is refused (design §3's statuses). */
function illegalMove(kind: OrderAction['kind'], status: OrderStatus): string | undefined {
  if (kind === 'note') return undefined;
  if (status === 'Cancelled') {
    return kind === 'shipped'
      ? STAFF_ORDER_MESSAGES.shipCancelled
      : kind === 'sent'
        ? STAFF_ORDER_MESSAGES.sendCancelled
        : STAFF_ORDER_MESSAGES.alreadyCancelled;
  }
  if (status === 'Shipped') {
    return kind === 'cancelled' ? STAFF_ORDER_MESSAGES.cancelShipped : STAFF_ORDER_MESSAGES.alreadyShipped;
  }
  return undefined;
}

/** What an action changes on the order, and the entry it writes in the order's log. */
function effectOf(
  action: OrderAction,
  now: Date,
): {
  change: OrderChange;
  entry: { action: string; link?: string; isInternal?: boolean };
  audit: AuditAction;
} {
  switch (action.kind) {
    case 'sent':
      return {
        change: { status: 'Processing', carrierOrderNum: action.carrierOrderNum },
        entry: { action: `Sent to carrier, carrier order ${action.carrierOrderNum}` },
        audit: 'supply-order.sent',
      };
    case 'shipped':
      return {
        change: { status: 'Shipped', shipper: action.shipper, tracking: action.tracking, doneAt: now },
        entry: {
          action: `Shipped by ${action.shipper}, tracking ${action.tracking}`,
          link: trackingUrl(action.shipper, action.tracking),
        },
        audit: 'supply-order.shipped',
      };
    case 'cancelled':
      return {
        change: { status: 'Cancelled', notes: action.reason, doneAt: now },
        entry: { action: `Cancelled: ${action.reason}` },
        audit: 'supply-order.cancelled',
      };
    case 'note':
      return {
        change: {},
        entry: { action: `Note: ${action.text}`, isInternal: !action.isVisibleToAgent },
        audit: 'supply-order.noted',
      };
  }
}

/** The staff member as the order's log names them. */
const logName = (staff: StaffMember) => staffDisplayName(staff);

/**
 * One action on one order or a selection, all or nothing (docs/decisions/supplies.md): the orders are locked, each must
 * still be at the version the staff member saw (else 409 STAFF_ORDER_MESSAGES.stale) and allow the move (else 409 with
 * its reason); then each is changed, gets its log entry with the staff member's name and an audit event. A refusal
 * rolls everything back. Answers the orders as they are now.
 */
export async function actOnOrders(
  deps: StaffOrdersDeps,
  actor: StaffActor,
  input: ActOnStaffOrders,
): Promise<StaffOrderRow[]> {
  const ids = [...new Set(input.orders.map((o) => o.id))];
  const isSelection = ids.length > 1;
  const refuse = (code: 'CONFLICT' | 'NOT_FOUND', id: number, message: string) =>
    new AppError(code, isSelection ? `Order ${id}: ${message}` : message);
  const now = deps.clock.now();
  const effect = effectOf(input.action, now);
  const agentIds = new Map<number, string>();

  await deps.db.transaction(async (tx) => {
    const locked = new Map((await selectQueueOrders(tx, ids, true)).map((o) => [o.id, o]));
    for (const { id, version } of input.orders) {
      const order = locked.get(id);
      if (!order) throw refuse('NOT_FOUND', id, STAFF_ORDER_MESSAGES.notFound);
      if (order.version !== version) throw refuse('CONFLICT', id, STAFF_ORDER_MESSAGES.stale);
      const illegal = illegalMove(input.action.kind, statusOf(order.status));
      if (illegal) throw refuse('CONFLICT', id, illegal);
    }
    for (const id of ids) {
      const order = locked.get(id)!;
      const isUpdated = await updateOrderAtVersion(tx, id, order.version, effect.change);
      if (!isUpdated) throw refuse('CONFLICT', id, STAFF_ORDER_MESSAGES.stale);
      agentIds.set(id, order.agentId);
    }
    await insertLogEntries(
      tx,
      ids.map((orderId) => ({
        orderId,
        firstName: logName(actor.staff),
        lastName: '',
        action: effect.entry.action,
        link: effect.entry.link ?? null,
        isInternal: effect.entry.isInternal ?? false,
        staffId: actor.staff.id,
        at: now,
      })),
    );
    for (const id of ids) {
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: agentIds.get(id)!,
          staffId: actor.staff.id,
          ip: actor.ip,
          action: effect.audit,
          subject: String(id),
          detail: { ...input.action },
        },
      );
    }
  });

  const orders = (await selectQueueOrders(deps.db, ids)).map(toStaffOrderRow);
  // after the commit: a shipped or cancelled order is news for its agent (in the portal and by e-mail)
  for (const order of orders) await notifyAgent(deps, agentIds.get(order.id)!, order, input.action);
  return orders;
}

/**
 * Assigns one order or a selection to a member who works orders, or unassigns it (issue 47): all or nothing at the
 * versions shown (409 stale), each with a line in its log kept from the agent and an audit event with from and to.
 */
export async function assignOrders(
  deps: Pick<StaffOrdersDeps, 'db' | 'clock'>,
  actor: StaffActor,
  input: AssignStaffOrders,
): Promise<StaffOrderRow[]> {
  const ids = [...new Set(input.orders.map((o) => o.id))];
  const isSelection = ids.length > 1;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const assignee = await checkAssignee(tx, 'orders', input.assigneeId);
    const locked = new Map((await selectQueueOrders(tx, ids, true)).map((o) => [o.id, o]));
    for (const { id, version } of input.orders) {
      const order = locked.get(id);
      const refuse = (code: 'CONFLICT' | 'NOT_FOUND', message: string) =>
        new AppError(code, isSelection ? `Order ${id}: ${message}` : message);
      if (!order) throw refuse('NOT_FOUND', STAFF_ORDER_MESSAGES.notFound);
      if (order.version !== version) throw refuse('CONFLICT', STAFF_ORDER_MESSAGES.stale);
    }
    for (const id of ids) {
      const order = locked.get(id)!;
      if (!(await updateOrderAtVersion(tx, id, order.version, { assigneeId: assignee?.id ?? null }))) {
        throw new AppError('CONFLICT', STAFF_ORDER_MESSAGES.stale);
      }
      await recordAudit(
        { db: tx, clock: deps.clock },
        {
          agentId: order.agentId,
          staffId: actor.staff.id,
          ip: actor.ip,
          action: 'supply-order.assigned',
          subject: String(id),
          detail: { from: order.assigneeId, to: assignee?.id ?? null },
        },
      );
    }
    await insertLogEntries(
      tx,
      ids.map((orderId) => ({
        orderId,
        firstName: logName(actor.staff),
        lastName: '',
        action: assignee ? `Assigned to ${assignee.name}` : 'Unassigned',
        isInternal: true,
        staffId: actor.staff.id,
        at: now,
      })),
    );
  });
  return (await selectQueueOrders(deps.db, ids)).map(toStaffOrderRow);
}

/** The order page the notification opens (Order Supplies lists the agent's orders). */
const ORDERS_PAGE = '/products';

async function notifyAgent(deps: NotificationsDeps, agentId: string, order: StaffOrderRow, action: OrderAction) {
  const what = `Your order ${order.id} (${order.carrier}, ${order.planName})`;
  if (action.kind === 'shipped') {
    await raiseNotification(deps, {
      agentId,
      kind: 'order-shipped',
      title: `Order ${order.id} shipped`,
      body: `${what} shipped by ${action.shipper}, tracking ${action.tracking}: ${trackingUrl(action.shipper, action.tracking)}`,
      link: ORDERS_PAGE,
    });
  }
  if (action.kind === 'cancelled') {
    await raiseNotification(deps, {
      agentId,
      kind: 'order-cancelled',
      title: `Order ${order.id} cancelled`,
      body: `${what} was cancelled: ${action.reason}`,
      link: ORDERS_PAGE,
    });
  }
}

/** Excel's rules for a sheet name: at most 31 characters, none of `[]:*?/\`, unique in the workbook. */
function sheetNames(carriers: readonly string[]): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  for (const carrier of carriers) {
    const base =
      carrier
        .replace(/[[\]:*?/\\]/g, ' ')
        .trim()
        .slice(0, 31) || 'Carrier';
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
    used.add(name.toLowerCase());
    names.set(carrier, name);
  }
  return names;
}

/** The selected orders grouped by carrier (a sheet each, in carrier order), with an audit event. 404 an unknown id. */
export async function ordersForExport(
  deps: Pick<StaffOrdersDeps, 'db' | 'clock'>,
  actor: StaffActor,
  ids: readonly number[],
): Promise<{ name: string; rows: QueueOrder[] }[]> {
  const unique = [...new Set(ids)];
  const orders = await selectQueueOrders(deps.db, unique);
  const found = new Set(orders.map((o) => o.id));
  const missing = unique.find((id) => !found.has(id));
  if (missing !== undefined) {
    throw new AppError('NOT_FOUND', `Order ${missing}: ${STAFF_ORDER_MESSAGES.notFound}`);
  }
  const carriers = [...new Set(orders.map((o) => o.orgName))].sort((a, b) => a.localeCompare(b));
  const names = sheetNames(carriers);
  await recordAudit(deps, {
    agentId: null,
    staffId: actor.staff.id,
    ip: actor.ip,
    action: 'supply-orders.exported',
    subject: `${orders.length} orders`,
    detail: { ids: unique },
  });
  return carriers.map((carrier) => ({
    name: names.get(carrier)!,
    rows: orders.filter((o) => o.orgName === carrier),
  }));
}

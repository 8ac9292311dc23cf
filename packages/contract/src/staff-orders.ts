import * as z from 'zod/mini';
import { boundedString, DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';
import { AssigneeFilterSchema, AssigneeIdSchema, WorkAssigneeSchema } from './staff-assignees.ts';
import { ORDER_STAFF } from './staff-roles.ts';

/**
 * The back office's supply-order queue (issue 32, docs/decisions/supplies.md): every agent's orders, filtered,
 * searched, sorted and paged; actions on one order or a selection, each an entry in the order's log; the carrier's
 * export. `admin` and `operations` only.
 */

/** The statuses as staff and agents see them; a stored null is Not Completed (design §3). */
export const ORDER_STATUSES = ['Not Completed', 'Processing', 'Shipped', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const OrderStatusSchema = z.enum(ORDER_STATUSES);

/**
 * The shippers a kit leaves with, and where each one's tracking page is: `{tracking}` is replaced by the tracking
 * number (URL-encoded). Data, not code: a new shipper is one line here.
 */
export const SHIPPER_TRACKING_URLS = {
  UPS: 'https://www.ups.com/track?tracknum={tracking}',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr={tracking}',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={tracking}',
} as const;
export type Shipper = keyof typeof SHIPPER_TRACKING_URLS;
export const SHIPPERS = Object.keys(SHIPPER_TRACKING_URLS) as Shipper[];
export const ShipperSchema = z.enum(SHIPPERS as [Shipper, ...Shipper[]], {
  error: () => `Choose a shipper: ${SHIPPERS.join(', ')}`,
});

/** The shipper's tracking page for a tracking number. */
export const trackingUrl = (shipper: Shipper, tracking: string) =>
  SHIPPER_TRACKING_URLS[shipper].replace('{tracking}', encodeURIComponent(tracking));

/** The queue's sort keys; a leading `-` sorts descending. */
export const ORDER_SORT_KEYS = ['orderDate', 'id', 'agent', 'carrier', 'status'] as const;
export const OrderSortSchema = z.enum([...ORDER_SORT_KEYS, ...ORDER_SORT_KEYS.map((k) => `-${k}` as const)]);
export type OrderSort = z.infer<typeof OrderSortSchema>;
export const STAFF_ORDERS_PAGE_SIZE = 50;
/** Past this many matches the queue says "10,000+" instead of counting on (docs/decisions/back-office.md's cap). */
export const STAFF_ORDERS_TOTAL_CAP = 10_000;
/** How many orders one action or one export takes at a time. */
export const STAFF_ORDERS_MAX_SELECTION = 200;

const DaySchema = boundedString(10, 'Enter a date as YYYY-MM-DD').check(z.iso.date('Enter a date as YYYY-MM-DD'));
const ShortText = (label: string, max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} is at most ${max} characters`));

export const ListStaffOrdersQuerySchema = z.object({
  /** an order number, or a prefix of the agent's NPN, last name or "first last" */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(OrderStatusSchema),
  /** the insurance carrier (the kit's company) */
  carrier: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  planState: z.optional(z.string().check(z.trim(), z.length(2), z.toUpperCase())),
  type: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  /** order dates from and to, inclusive, in the business time zone */
  from: z.optional(DaySchema),
  to: z.optional(DaySchema),
  /** `mine`, `none` (unassigned) or a staff member's id (staff-work.ts) */
  assignee: z.optional(AssigneeFilterSchema),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  sort: z._default(OrderSortSchema, '-orderDate'),
});
export type ListStaffOrdersQuery = z.input<typeof ListStaffOrdersQuerySchema>;

export const StaffOrderRowSchema = z.object({
  id: z.int(),
  /** sent back with an action: a stale version is refused (409) */
  version: z.int(),
  status: OrderStatusSchema,
  orderDate: DateTimeSchema,
  agent: z.object({ npn: z.string(), firstName: z.string(), lastName: z.string() }),
  carrier: z.string(),
  planState: z.string(),
  type: z.string(),
  year: z.int(),
  planName: z.string(),
  qty: z.int(),
  shipTo: z.string(),
  specialInstructions: z.string(),
  carrierOrderNum: z.nullable(z.string()),
  shipper: z.nullable(ShipperSchema),
  tracking: z.nullable(z.string()),
  trackingUrl: z.nullable(z.string()),
  /** the cancellation's reason, or the latest note (the whole history: getStaffOrder) */
  notes: z.nullable(z.string()),
  /** the staff member working the order */
  assignee: z.nullable(WorkAssigneeSchema),
});
export type StaffOrderRow = z.infer<typeof StaffOrderRowSchema>;

export const StaffOrderListSchema = z.object({
  rows: z.array(StaffOrderRowSchema),
  /**
   * exact up to STAFF_ORDERS_TOTAL_CAP (or the end of the page asked for), then capped (docs/decisions/back-office.md
   * and docs/decisions/enrollments.md)
   */
  total: z.int(),
  totalCapped: z.boolean(),
  page: z.int(),
  pageSize: z.int(),
  /** the filters' choices: every carrier, plan state and product type with orders */
  choices: z.object({ carriers: z.array(z.string()), planStates: z.array(z.string()), types: z.array(z.string()) }),
  /** the assignee filter's choices: every active member who may work orders */
  assignees: z.array(WorkAssigneeSchema),
});
export type StaffOrderList = z.infer<typeof StaffOrderListSchema>;

const SelectionSchema = z
  .array(z.object({ id: IntIdSchema, version: z.int().check(z.gte(1)) }))
  .check(
    z.minLength(1, 'Select at least one order'),
    z.maxLength(STAFF_ORDERS_MAX_SELECTION, `Select at most ${STAFF_ORDERS_MAX_SELECTION} orders`),
  );

export const ORDER_ACTIONS = ['sent', 'shipped', 'cancelled', 'note'] as const;
export type OrderActionKind = (typeof ORDER_ACTIONS)[number];
export const ORDER_ACTION_LABELS: Record<OrderActionKind, string> = {
  sent: 'Sent to carrier',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  note: 'Note',
};

export const OrderActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sent'), carrierOrderNum: ShortText('The carrier order number', 64) }),
  z.object({ kind: z.literal('shipped'), shipper: ShipperSchema, tracking: ShortText('The tracking number', 64) }),
  z.object({ kind: z.literal('cancelled'), reason: ShortText('The reason', 500) }),
  z.object({ kind: z.literal('note'), text: ShortText('The note', 1000), isVisibleToAgent: z.boolean() }),
]);
export type OrderAction = z.infer<typeof OrderActionSchema>;

export const ActOnStaffOrdersSchema = z.strictObject({ orders: SelectionSchema, action: OrderActionSchema });
export type ActOnStaffOrders = z.infer<typeof ActOnStaffOrdersSchema>;

export const STAFF_ORDER_MESSAGES = {
  stale: 'This order was changed by someone else. Reload to see the change.',
  notFound: 'No order has this number',
  shipCancelled: 'A cancelled order cannot be shipped.',
  sendCancelled: 'A cancelled order cannot be sent to the carrier.',
  alreadyShipped: 'This order has shipped already.',
  cancelShipped: 'A shipped order cannot be cancelled.',
  alreadyCancelled: 'This order is cancelled already.',
} as const;

export const listStaffOrders = defineRoute({
  method: 'GET',
  path: '/arc/staff/orders',
  summary: 'Every agent’s supply orders: filtered, searched, sorted, a page at a time',
  tags: ['staff'],
  auth: ORDER_STAFF,
  query: ListStaffOrdersQuerySchema,
  responses: { 200: StaffOrderListSchema, 400: ErrorResponseSchema },
});

/**
 * One action on one order or a selection, all or nothing: a stale version or an illegal move on any order is a
 * 409 naming it, and nothing is written. Answers the orders as they are now.
 */
export const actOnStaffOrders = defineRoute({
  method: 'POST',
  path: '/arc/staff/orders/actions',
  summary: 'Sent to carrier, Shipped, Cancelled or a Note, for one order or a selection',
  tags: ['staff'],
  auth: ORDER_STAFF,
  body: ActOnStaffOrdersSchema,
  responses: {
    200: z.object({ orders: z.array(StaffOrderRowSchema) }),
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

export const ExportStaffOrdersSchema = z.strictObject({
  ids: z
    .array(IntIdSchema)
    .check(
      z.minLength(1, 'Select at least one order'),
      z.maxLength(STAFF_ORDERS_MAX_SELECTION, `Select at most ${STAFF_ORDERS_MAX_SELECTION} orders`),
    ),
});
export type ExportStaffOrders = z.infer<typeof ExportStaffOrdersSchema>;

export const STAFF_ORDERS_EXPORT_FILE_NAME = 'Supply orders for the carrier.xlsx';
export const STAFF_ORDERS_EXPORT_COLUMNS = [
  'Order',
  'Agent',
  'NPN',
  'Ship to',
  'Kit',
  'Year',
  'Plan',
  'Quantity',
  'Special instructions',
] as const;

/** The selected orders as `.xlsx`, one sheet per carrier (the kit's company), for its fulfilment team. */
export const exportStaffOrders = defineRoute({
  method: 'POST',
  path: '/arc/staff/orders/export',
  summary: 'The selected orders as an .xlsx spreadsheet, one sheet per carrier',
  tags: ['staff'],
  auth: ORDER_STAFF,
  body: ExportStaffOrdersSchema,
  responses: { 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const AssignStaffOrdersSchema = z.strictObject({ orders: SelectionSchema, assigneeId: AssigneeIdSchema });
export type AssignStaffOrders = z.infer<typeof AssignStaffOrdersSchema>;

/**
 * Assigns one order or a selection to a staff member who works orders (or unassigns it, `assigneeId: null`), all or
 * nothing at the versions shown; each gets a line in its log (kept from the agent) and an audit event.
 */
export const assignStaffOrders = defineRoute({
  method: 'POST',
  path: '/arc/staff/orders/assign',
  summary: 'Assign one order or a selection to a staff member, or unassign it',
  tags: ['staff'],
  auth: ORDER_STAFF,
  body: AssignStaffOrdersSchema,
  responses: {
    200: z.object({ orders: z.array(StaffOrderRowSchema) }),
    400: ErrorResponseSchema,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
  },
});

/** An entry of an order's history: the agent's order, each staff action and note (internal ones marked). */
export const StaffOrderLogEntrySchema = z.object({
  at: DateTimeSchema,
  /** the staff member, or the agent who placed the order */
  by: z.string(),
  action: z.string(),
  link: z.nullable(z.string()),
  /** a note kept from the agent */
  isInternal: z.boolean(),
});
export type StaffOrderLogEntry = z.infer<typeof StaffOrderLogEntrySchema>;

export const StaffOrderDetailSchema = z.object({
  order: StaffOrderRowSchema,
  /** oldest first */
  log: z.array(StaffOrderLogEntrySchema),
});
export type StaffOrderDetail = z.infer<typeof StaffOrderDetailSchema>;

/** One order's own view (issue 47): ship-to, the agent's instructions, and its whole history with the notes. */
export const getStaffOrder = defineRoute({
  method: 'GET',
  path: '/arc/staff/orders/:id',
  summary: 'One supply order with its ship-to, instructions and history (notes included)',
  tags: ['staff'],
  auth: ORDER_STAFF,
  params: z.object({ id: IntIdSchema }),
  responses: { 200: StaffOrderDetailSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
});

import * as z from 'zod/mini';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';
import { StateCodeSchema } from './places.ts';
import { CartProductParamsSchema, CartSchema, SUPPLIES_MESSAGES } from './supplies.ts';

// A cart line's quantity (Add to Cart, checkout), sending the cart as a supply order (spec part 2 §5) and an order's details (its log, the CRM account): apart from
// supplies.ts so the pages with the cart do not download them; /products loads them with the checkout and with an
// order's details (docs/decisions/contract.md).

// ── a cart line's quantity ─────────────────────────────────────────────────────────────────────────

/** Most kits of one product in a cart line (the provider's per-order and per-day caps are server settings). */
export const KIT_QUANTITY_MAX = 1000;

/** Kit Quantity: a whole number, at least 1 (spec part 2 §5), at most KIT_QUANTITY_MAX. */
export const KitQuantitySchema = z
  .number({ error: SUPPLIES_MESSAGES.kitQuantityMin })
  .check(
    z.gte(1, SUPPLIES_MESSAGES.kitQuantityMin),
    z.int(SUPPLIES_MESSAGES.kitQuantityWhole),
    z.lte(KIT_QUANTITY_MAX, SUPPLIES_MESSAGES.kitQuantityMax),
  );

/** Refusals of an order by the provider's caps (SUPPLY_KITS_PER_ORDER, SUPPLY_KITS_PER_DAY). */
export const kitsPerOrderMessage = (max: number, total: number) =>
  `An order can hold at most ${max.toLocaleString('en-US')} kits; this one would hold ${total.toLocaleString('en-US')}. Lower a quantity in the cart.`;
export const kitsPerDayMessage = (max: number, ordered: number) =>
  `You can order at most ${max.toLocaleString('en-US')} kits in 24 hours, and ${ordered.toLocaleString('en-US')} are ordered already. Lower a quantity or send the order later.`;

/** Adds the product, or sets its quantity when it is already in the cart (spec part 2 §4). */
export const updateCartItem = defineRoute({
  method: 'PUT',
  path: '/arc/agent/supplies/cart/items/:productId',
  summary: 'Put a product in the cart with this quantity (replacing the quantity of a product already there)',
  tags: ['supplies'],
  auth: 'agent',
  params: CartProductParamsSchema,
  body: z.object({ qty: KitQuantitySchema }),
  responses: { 200: CartSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

/** Changes the quantity of a line already in the cart (checkout); a product not in the cart answers 404. */
export const updateCartItemQuantity = defineRoute({
  method: 'PATCH',
  path: '/arc/agent/supplies/cart/items/:productId',
  summary: 'Change the quantity of a product already in the cart',
  tags: ['supplies'],
  auth: 'agent',
  params: CartProductParamsSchema,
  body: z.object({ qty: KitQuantitySchema }),
  responses: { 200: CartSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

// ── sending the order ──────────────────────────────────────────────────────────────────────────────

const postalCode = z
  .string({ error: SUPPLIES_MESSAGES.missingShipping })
  .check(z.regex(/^\d{5}$/, SUPPLIES_MESSAGES.missingShipping));

/** Spec part 2 §3 Shipping address; postal_code comes only from a picked suggestion (§5). */
export const ShippingAddressSchema = z.object({
  street_number: z.string().check(z.trim(), z.maxLength(20)),
  route: z.string().check(z.trim(), z.minLength(1, SUPPLIES_MESSAGES.missingShipping), z.maxLength(200)),
  locality: z.string().check(z.trim(), z.minLength(1, SUPPLIES_MESSAGES.missingShipping), z.maxLength(100)),
  administrative_area_level_1: StateCodeSchema,
  postal_code: postalCode,
  specialinstruct: z._default(z.string().check(z.maxLength(1000)), ''),
});
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/**
 * Checkout's form (spec part 2 §5): the address picked from the suggestions (null until one is; typing after a pick
 * drops it) and the special instructions, which together are the order's `address`.
 */
export const CheckoutFormSchema = z.object({
  address: z
    .nullable(z.omit(ShippingAddressSchema, { specialinstruct: true }))
    .check(z.refine((address) => address !== null, SUPPLIES_MESSAGES.missingShipping)),
  specialinstruct: ShippingAddressSchema.shape.specialinstruct,
});

export const CreateSupplyOrderRequestSchema = z.object({
  address: ShippingAddressSchema,
  /**
   * the cart lines the agent reviewed: they must be exactly the cart's lines (else 409, nothing ordered); the
   * server reads the products from its catalog, never from here
   */
  supplies: z
    .array(z.object({ productId: z.string().check(z.minLength(1), z.maxLength(100)), qty: KitQuantitySchema }))
    .check(z.maxLength(100)),
});
export type CreateSupplyOrderRequest = z.infer<typeof CreateSupplyOrderRequestSchema>;

/** The IETF httpapi draft's header: one key per order attempt; repeats get the first answer. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const CreateSupplyOrderHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: 'The Idempotency-Key header is required' })
    .check(z.minLength(8), z.maxLength(100), z.regex(/^[A-Za-z0-9_.:-]+$/)),
});

export const CreateSupplyOrderResponseSchema = z.object({
  status: z.literal('Success'),
  message: z.string(),
  orderIds: z.array(z.int()),
});
export type CreateSupplyOrderResponse = z.infer<typeof CreateSupplyOrderResponseSchema>;

export const createSupplyOrder = defineRoute({
  method: 'POST',
  path: '/arc/agent/supplies/orders',
  summary: 'Send the cart as a supply order (Idempotency-Key: a repeat answers the first result)',
  tags: ['supplies'],
  auth: 'agent',
  headers: CreateSupplyOrderHeadersSchema,
  body: CreateSupplyOrderRequestSchema,
  responses: {
    200: CreateSupplyOrderResponseSchema,
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    403: ErrorResponseSchema,
    409: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

// ── an order's details ─────────────────────────────────────────────────────────────────────────────

export const OrderLogEntrySchema = z.object({
  first: z.string(),
  last: z.string(),
  action: z.string(),
  tstamp: DateTimeSchema,
  /** what the entry links to, when it does (a shipped order's tracking page) */
  link: z.optional(z.string()),
});
export type OrderLogEntry = z.infer<typeof OrderLogEntrySchema>;

export const listSupplyOrderLog = defineRoute({
  method: 'GET',
  path: '/arc/agent/supplies/orders/:id/log',
  summary: "One of the agent's orders: its log, oldest first",
  tags: ['supplies'],
  auth: 'agent',
  params: z.object({ id: IntIdSchema }),
  responses: {
    200: z.array(OrderLogEntrySchema),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
    404: ErrorResponseSchema,
  },
});

export const CrmAccountSchema = z.object({ Id: z.string() });
export type CrmAccount = z.infer<typeof CrmAccountSchema>;
/** Where the agent's CRM account opens (the link built from CrmAccount.Id). */
export const crmAccountUrl = (id: string) =>
  `https://crm.arc.example/lightning/r/Account/${encodeURIComponent(id)}/view`;

export const getCrmAccount = defineRoute({
  method: 'GET',
  path: '/arc/salesforce/agent/actid/:id',
  summary: "The CRM account of an ActID on the agent's orders (only the agent's own)",
  tags: ['supplies'],
  auth: 'agent',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  responses: { 200: CrmAccountSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

import * as z from 'zod/mini';
import { datePartsIn } from './business-time.ts';
import { DateTimeSchema, defineRoute, ErrorResponseSchema, IntIdSchema } from './common.ts';
import { CountySchema, StateCodeSchema } from './places.ts';

// ── constants (spec part 2 §5, §8, §9) ───────────────────────────────────────────────────────────

export const MEDICARE_ADVANTAGE = 'Medicare Advantage';
export const PRESCRIPTION_DRUG_PLAN = 'Prescription Drug Plan';
/** The provider's phone number for supplies needed sooner than the shipping time. */
export const SUPPLIES_PHONE = '(800) 555-0142';

export const SUPPLIES_MESSAGES = {
  stockNote: `Supplies are limited and may be out of stock. Orders ship in 7-10 business days. If you need supplies sooner, call ${SUPPLIES_PHONE}.`,
  chooseCounty: 'Choose a county for Medicare Advantage Product Search',
  chooseState: 'Choose a State',
  addToCartTitle: 'How many would you like?',
  kitQuantityMin: 'Kit Quantity must be a number of at least 1.',
  kitQuantityWhole: 'Kit Quantity must be a whole number.',
  kitQuantityMax: 'Kit Quantity can be at most 1,000.',
  missingShipping:
    'Missing shipping information. Please click on a suggested address from the Ship To Address input search.',
  readyToSellTitle: 'Ready to Sell',
  readyToSellWarning:
    'Orders for MA/PDP companies are sent only if you are Ready to Sell and actively appointed and certified with the company for that year. Do you want to send this order?',
  productsFailed: 'Problem retrieving products from server.',
  productTypesFailed: 'Problem retrieving product types.',
  orderFailedPrefix: 'Problem sending the order: ',
  orderSent: 'Your order was sent.',
  notCompleted: 'Not Completed',
  emptyCart: 'Your cart is empty: add supplies before sending an order.',
  cartChanged: 'Your cart changed since you reviewed it. Check the lines shown now and send the order again.',
  notInCart: 'That product is not in your cart.',
  idempotencyMismatch: 'This order key was already used for a different order. Reload the page and try again.',
  productYearClosed: 'Supplies for this product year cannot be ordered now.',
} as const;

/** The "not Ready to Sell" refusal for one order line, naming the carrier. */
export const notReadyToSellMessage = (carrier: string, state: string, year: number) =>
  `${carrier} does not ship Medicare Advantage or Part D kits to agents who are not Ready to Sell its ${year} plans in ${state}.`;

/**
 * Product years offered (spec part 2 §9): this year before 30 October, next year after 1 August, in the
 * business time zone. Between 2 August and 29 October both are offered.
 */
export function productYears(now: Date, timeZone: string): number[] {
  const { year, month, day } = datePartsIn(now, timeZone);
  const years: number[] = [];
  if (month < 10 || (month === 10 && day < 30)) years.push(year);
  if (month > 8 || (month === 8 && day > 1)) years.push(year + 1);
  return years;
}

// ── catalog ───────────────────────────────────────────────────────────────────────────────────────

export const SupplyYearSchema = z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100));

export const ProductTypeSchema = z.object({ name: z.string() });
export type ProductType = z.infer<typeof ProductTypeSchema>;

/** What the cart and an order line name (spec part 2 §3 Product). */
export const ProductSchema = z.object({
  id: z.string(),
  year: z.int(),
  planname: z.string(),
  state: z.string(),
  orgname: z.string(),
  type: z.string(),
  contractid: z.nullable(z.string()),
  planid: z.nullable(z.string()),
});
export type Product = z.infer<typeof ProductSchema>;

export const listProductTypes = defineRoute({
  method: 'GET',
  path: '/arc/products/insurancetypes',
  summary: 'Supply product types',
  tags: ['supplies'],
  auth: 'agent',
  responses: { 200: z.array(ProductTypeSchema), 401: ErrorResponseSchema },
});

export const FindProductsByStateRequestSchema = z.object({
  stateabbr: StateCodeSchema,
  year: SupplyYearSchema,
  productType: z.string().check(z.minLength(1), z.maxLength(100)),
});
/**
 * The products' search form (spec part 2 §9): a Product Year and type, then a county for Medicare Advantage
 * (`place`, the picker's value) or a state for the other types.
 */
export const ProductSearchFormSchema = z
  .object({
    year: SupplyYearSchema,
    productType: FindProductsByStateRequestSchema.shape.productType,
    place: z.object({ state: StateCodeSchema, counties: z.array(CountySchema) }),
    state: z.pipe(z.string().check(z.minLength(1, SUPPLIES_MESSAGES.chooseState)), StateCodeSchema),
  })
  .check(
    z.refine((values) => values.productType !== MEDICARE_ADVANTAGE || values.place.counties.length > 0, {
      path: ['place'],
      error: SUPPLIES_MESSAGES.chooseCounty,
    }),
  );

// ── cart (kept on the server per agent, design §3) ────────────────────────────────────────────────

export const CartItemSchema = z.object({ qty: z.int(), product: ProductSchema });
export type CartItem = z.infer<typeof CartItemSchema>;
export const CartSchema = z.object({ items: z.array(CartItemSchema) });
export type Cart = z.infer<typeof CartSchema>;

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

export const CartProductParamsSchema = z.object({ productId: z.string().check(z.minLength(1), z.maxLength(100)) });

export const getCart = defineRoute({
  method: 'GET',
  path: '/arc/agent/supplies/cart',
  summary: "The agent's supplies cart",
  tags: ['supplies'],
  auth: 'agent',
  responses: { 200: CartSchema, 401: ErrorResponseSchema },
});

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

export const deleteCartItem = defineRoute({
  method: 'DELETE',
  path: '/arc/agent/supplies/cart/items/:productId',
  summary: 'Remove a product from the cart',
  tags: ['supplies'],
  auth: 'agent',
  params: CartProductParamsSchema,
  responses: { 200: CartSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});

// ── orders ────────────────────────────────────────────────────────────────────────────────────────

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

/** Spec part 2 §3 Supply order (the client derives name, address and hnum). */
export const SupplyOrderSchema = z.object({
  id: z.int(),
  status: z.nullable(z.string()),
  order_date: DateTimeSchema,
  first: z.string(),
  last: z.string(),
  orgname: z.string(),
  plan_state: z.string(),
  year: z.int(),
  type: z.string(),
  street_num: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  contractid: z.nullable(z.string()),
  planid: z.nullable(z.string()),
  county: z.nullable(z.string()),
  planname: z.string(),
  special_instructions: z.string(),
  qty: z.int(),
  carrier_order_num: z.nullable(z.string()),
  tracking: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  ActID: z.nullable(z.string()),
});
export type SupplyOrder = z.infer<typeof SupplyOrderSchema>;

export const listSupplyOrders = defineRoute({
  method: 'GET',
  path: '/arc/agent/supplies/orders',
  summary: "The agent's supply orders, newest first",
  tags: ['supplies'],
  auth: 'agent',
  responses: { 200: z.array(SupplyOrderSchema), 401: ErrorResponseSchema },
});

export const OrderLogEntrySchema = z.object({
  first: z.string(),
  last: z.string(),
  action: z.string(),
  tstamp: DateTimeSchema,
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

// ── client-side formatting shared with tests ──────────────────────────────────────────────────────

/** The plan id padded with zeros to 3 digits. */
export const padPlanId = (planId: string | null | undefined) => (planId ?? '').padStart(3, '0');

/** "contractid-planid", or N/A when either is missing. */
export const orderHnum = (order: Pick<SupplyOrder, 'contractid' | 'planid'>) =>
  order.contractid && order.planid ? `${order.contractid}-${padPlanId(order.planid)}` : 'N/A';

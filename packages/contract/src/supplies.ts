import * as z from 'zod/mini';
import { datePartsIn } from './business-time.ts';
import { DateTimeSchema, defineRoute, ErrorResponseSchema } from './common.ts';
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

export const CartProductParamsSchema = z.object({ productId: z.string().check(z.minLength(1), z.maxLength(100)) });

export const getCart = defineRoute({
  method: 'GET',
  path: '/arc/agent/supplies/cart',
  summary: "The agent's supplies cart",
  tags: ['supplies'],
  auth: 'agent',
  responses: { 200: CartSchema, 401: ErrorResponseSchema },
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

// ── client-side formatting shared with tests ──────────────────────────────────────────────────────

/** The plan id padded with zeros to 3 digits. */
export const padPlanId = (planId: string | null | undefined) => (planId ?? '').padStart(3, '0');

/** "contractid-planid", or N/A when either is missing. */
export const orderHnum = (order: Pick<SupplyOrder, 'contractid' | 'planid'>) =>
  order.contractid && order.planid ? `${order.contractid}-${padPlanId(order.planid)}` : 'N/A';

import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  kitsPerDayMessage,
  kitsPerOrderMessage,
  MEDICARE_ADVANTAGE,
  READY_TO_SELL_PRODUCT_TYPES,
  notReadyToSellMessage,
  productYears,
  SUPPLIES_MESSAGES,
  type Cart,
  type Company,
  type CountyProducts,
  type CreateSupplyOrderRequest,
  type CreateSupplyOrderResponse,
  type CrmAccount,
  type OrderLogEntry,
  type Plan,
  type Product,
  type ProductType,
  type ProductTypeCompanies,
  type ReadyToSellProductType,
  type StateCode,
  type SupplyOrder,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getZipCode } from '../places/service.ts';
import { readyCarriers as readyToSellCarriers } from '../ready-to-sell/service.ts';
import { importMaLandscape, type LandscapeImportReport } from './landscape.ts';
import { ensureProductTypes } from './product-types.ts';
import {
  claimIdempotencyKey,
  deleteOrderRequestsBefore,
  deleteCartItem as deleteCartItemRow,
  deleteCartItems,
  insertOrderLog,
  insertOrders,
  lockAgentForOrders,
  selectAgentForOrders,
  selectCart,
  selectCartLines,
  sumKitsOrderedSince,
  updateCartItemQty,
  selectCounty,
  selectCountyCarriers,
  selectLandscapePdpsOfStates,
  selectLandscapePlansOfCounties,
  selectLandscapeYears,
  selectCountyPlans,
  selectOrderLog,
  selectOrderRequest,
  selectOrders,
  selectProduct,
  selectProducts,
  selectProductType,
  selectProductTypes,
  selectStateProducts,
  storeOrderResponse,
  upsertCartItem,
  type OrderRow,
  type ProductRow,
} from './queries.ts';

export interface SuppliesDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
  /** the provider's caps (SUPPLY_KITS_PER_ORDER, SUPPLY_KITS_PER_DAY) */
  kitsPerOrder: number;
  kitsPerDay: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The action the order log records when an agent sends an order. */
const ORDER_PLACED_ACTION = 'Order placed';

const toProduct = (row: ProductRow): Product => ({
  id: row.id,
  year: row.year,
  planname: row.planName,
  state: row.stateCode,
  orgname: row.orgName,
  type: row.type,
  contractid: row.contractId,
  planid: row.planId,
});

/** Product years open now (spec part 2 §9); catalog searches, carts and orders of other years are refused. */
function assertOpenYear(deps: SuppliesDeps, year: number): void {
  if (!productYears(deps.clock.now(), deps.timeZone).includes(year)) {
    throw new AppError('BAD_REQUEST', SUPPLIES_MESSAGES.productYearClosed, {
      fieldErrors: { year: [SUPPLIES_MESSAGES.productYearClosed] },
    });
  }
}

export async function listProductTypes(deps: SuppliesDeps): Promise<ProductType[]> {
  return (await selectProductTypes(deps.db)).map((t) => ({ name: t.name }));
}

/** The Ready-to-Sell product type (MA, PDP) of each supplies product type that needs one. */
const READY_TO_SELL_TYPE_OF = new Map<string, ReadyToSellProductType>(
  (Object.entries(READY_TO_SELL_PRODUCT_TYPES) as [ReadyToSellProductType, string][]).map(([code, name]) => [
    name,
    code,
  ]),
);

/**
 * The carriers the agent is Ready to Sell for kits of a product type in a state and plan year: the imported
 * Ready-to-Sell rows (docs/data-import.md), read by the Ready-to-Sell module as its board reads them. A type that
 * needs Ready to Sell but has no Ready-to-Sell code: none.
 */
async function readyCarriers(
  db: Parameters<typeof readyToSellCarriers>[0],
  agentId: string,
  where: { state: string; year: number; type: string },
): Promise<Set<string>> {
  const productType = READY_TO_SELL_TYPE_OF.get(where.type);
  if (!productType) return new Set();
  return readyToSellCarriers(db, agentId, { state: where.state, year: where.year, productType });
}

async function requiresReadyToSell(deps: SuppliesDeps, type: string): Promise<boolean> {
  const row = await selectProductType(deps.db, type);
  if (!row)
    throw new AppError('BAD_REQUEST', `Unknown product type "${type}"`, {
      fieldErrors: { productType: ['Unknown product type'] },
    });
  return row.requiresReadyToSell;
}

/** Carriers of a non-MA type in a state; each carries its kit for Add to Cart. */
export async function findProductsByState(
  deps: SuppliesDeps,
  agentId: string,
  request: { stateabbr: StateCode; year: number; productType: string },
): Promise<ProductTypeCompanies[]> {
  assertOpenYear(deps, request.year);
  const needsRts = await requiresReadyToSell(deps, request.productType);
  const rows = await selectStateProducts(deps.db, request.stateabbr, request.year, request.productType);
  const ready = needsRts
    ? await readyCarriers(deps.db, agentId, { state: request.stateabbr, year: request.year, type: request.productType })
    : null;
  const companies: Company[] = [];
  for (const row of rows) {
    if (companies.some((c) => c.name === row.orgName)) continue;
    companies.push({
      name: row.orgName,
      plantypes: row.planType ? [row.planType] : [],
      isReadyToSell: ready ? ready.has(row.orgName) : true,
      product: toProduct(row),
    });
  }
  return [{ name: request.productType, companies }];
}

/** A county's Medicare Advantage carriers for a year, marked where the agent is not Ready to Sell. */
export async function findProductsByCounty(
  deps: SuppliesDeps,
  agentId: string,
  request: { countyid: string; year: number },
): Promise<CountyProducts[]> {
  assertOpenYear(deps, request.year);
  const county = await selectCounty(deps.db, request.countyid);
  if (!county) throw notFound('Unknown county');
  const rows = await selectCountyCarriers(deps.db, county.fips, request.year);
  const ready = await readyCarriers(deps.db, agentId, {
    state: county.state,
    year: request.year,
    type: MEDICARE_ADVANTAGE,
  });
  const byCarrier = new Map<string, Company>();
  for (const row of rows) {
    const company = byCarrier.get(row.orgName) ?? {
      name: row.orgName,
      plantypes: [],
      isReadyToSell: ready.has(row.orgName),
    };
    if (row.planType && !company.plantypes.includes(row.planType)) company.plantypes.push(row.planType);
    byCarrier.set(row.orgName, company);
  }
  return [
    {
      state: county.state,
      county: county.name,
      groups: [{ name: MEDICARE_ADVANTAGE, companies: [...byCarrier.values()] }],
    },
  ];
}

/** One carrier's plans in a county (spec part 2 §3 Plan record). */
export async function findMaPlans(
  deps: SuppliesDeps,
  agentId: string,
  request: { county: string; state: StateCode; year: number; company: string },
): Promise<Plan[]> {
  assertOpenYear(deps, request.year);
  const county = await selectCounty(deps.db, request.county);
  if (!county || county.state !== request.state) throw notFound('Unknown county');
  const rows = await selectCountyPlans(deps.db, {
    countyFips: county.fips,
    state: county.state,
    year: request.year,
    orgName: request.company,
  });
  const ready = await readyCarriers(deps.db, agentId, {
    state: county.state,
    year: request.year,
    type: MEDICARE_ADVANTAGE,
  });
  return rows.map(({ product: p }) => ({
    id: p.id,
    planname: p.planName,
    type: p.type,
    orgname: p.orgName,
    monconspremium: p.monthlyPremium,
    annualdrugdeductible: p.drugDeductible,
    innetworkmoop: p.inNetworkMoop,
    contractid: p.contractId ?? '',
    planid: p.planId ?? '',
    ...(p.planType ? { plantypes: { name: p.planType } } : {}),
    ...(p.snpType ? { snptype: p.snpType } : {}),
    year: p.year,
    state: p.stateCode,
    isReadyToSell: ready.has(p.orgName),
  }));
}

/** A landscape plan (Medicare Advantage or a stand-alone drug plan) as the TPMO disclaimer counts it. */
export interface LandscapePlan {
  id: string;
  /** the supplies product type: Medicare Advantage or Prescription Drug Plan */
  type: string;
  orgName: string;
  planName: string;
  planType: string | null;
  stateCode: string;
  contractId: string | null;
  planId: string | null;
  segmentId: string | null;
}

/** The landscape plans serving any of these counties in a plan year, each once (a plan serving two counts once). */
export function listLandscapePlansOfCounties(db: Db, countyFips: string[], year: number): Promise<LandscapePlan[]> {
  return countyFips.length === 0 ? Promise.resolve([]) : selectLandscapePlansOfCounties(db, countyFips, year);
}

/** The stand-alone drug plans (PDPs) of states in a plan year: a PDP serves every county of its state. */
export function listLandscapePdpsOfStates(db: Db, states: string[], year: number): Promise<LandscapePlan[]> {
  return states.length === 0 ? Promise.resolve([]) : selectLandscapePdpsOfStates(db, states, year);
}

/** The plan years with a Medicare Advantage landscape loaded, newest first. */
export async function listLandscapeYears(db: Db): Promise<number[]> {
  return (await selectLandscapeYears(db)).map((r) => r.year);
}

// ── cart ────────────────────────────────────────────────────────────────────────────────────────────

export async function getCart(deps: SuppliesDeps, agentId: string): Promise<Cart> {
  const rows = await selectCart(deps.db, agentId);
  return { items: rows.map((r) => ({ qty: r.qty, product: toProduct(r.product) })) };
}

/** The cart may hold no more kits than one order may: the agent hears it when adding, not at Send Order. */
async function assertCartWithinOrderCap(
  deps: SuppliesDeps,
  agentId: string,
  productId: string,
  qty: number,
): Promise<void> {
  const lines = await selectCartLines(deps.db, agentId);
  const total = lines.reduce((sum, line) => sum + (line.productId === productId ? 0 : line.qty), qty);
  if (total > deps.kitsPerOrder) {
    const message = kitsPerOrderMessage(deps.kitsPerOrder, total);
    throw new AppError('BAD_REQUEST', message, { fieldErrors: { qty: [message] } });
  }
}

/** Adds a product or sets its quantity (spec part 2 §4); the product must exist and its year be open. */
export async function updateCartItem(
  deps: SuppliesDeps,
  agentId: string,
  productId: string,
  qty: number,
): Promise<Cart> {
  const product = await selectProduct(deps.db, productId);
  if (!product) throw notFound('Unknown product');
  assertOpenYear(deps, product.year);
  await assertCartWithinOrderCap(deps, agentId, productId, qty);
  await upsertCartItem(deps.db, agentId, productId, qty, deps.clock.now());
  return getCart(deps, agentId);
}

/**
 * Changes the quantity of a line already in the cart (checkout), validated as Add to Cart is; a line removed
 * meanwhile (another tab, another device) is not brought back: 404.
 */
export async function updateCartItemQuantity(
  deps: SuppliesDeps,
  agentId: string,
  productId: string,
  qty: number,
): Promise<Cart> {
  const product = await selectProduct(deps.db, productId);
  if (!product) throw notFound(SUPPLIES_MESSAGES.notInCart);
  assertOpenYear(deps, product.year);
  await assertCartWithinOrderCap(deps, agentId, productId, qty);
  if (!(await updateCartItemQty(deps.db, agentId, productId, qty))) throw notFound(SUPPLIES_MESSAGES.notInCart);
  return getCart(deps, agentId);
}

export async function deleteCartItem(deps: SuppliesDeps, agentId: string, productId: string): Promise<Cart> {
  await deleteCartItemRow(deps.db, agentId, productId);
  return getCart(deps, agentId);
}

// ── orders ──────────────────────────────────────────────────────────────────────────────────────────

const requestHash = (body: CreateSupplyOrderRequest) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const missingShipping = () =>
  new AppError('BAD_REQUEST', SUPPLIES_MESSAGES.missingShipping, {
    fieldErrors: { postal_code: [SUPPLIES_MESSAGES.missingShipping] },
  });

function replay(stored: { requestHash: string; response: unknown }, hash: string): CreateSupplyOrderResponse {
  if (stored.requestHash !== hash) throw new AppError('CONFLICT', SUPPLIES_MESSAGES.idempotencyMismatch);
  return stored.response as CreateSupplyOrderResponse;
}

/**
 * How long an Idempotency-Key and its first answer are kept: a retry within this time (a lost answer, a
 * crash between the commit and the answer, a client that tries again the next morning) gets the first answer;
 * after it the key may make a new order.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export async function purgeExpiredOrderRequests(deps: Pick<SuppliesDeps, 'db' | 'clock'>): Promise<void> {
  await deleteOrderRequestsBefore(deps.db, new Date(deps.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
}

/** The reviewed lines are exactly the cart's: the same products with the same quantities, nothing more. */
function isSameLines(cart: { productId: string; qty: number }[], reviewed: CreateSupplyOrderRequest['supplies']) {
  if (cart.length !== reviewed.length) return false;
  const inCart = new Map(cart.map((line) => [line.productId, line.qty]));
  return (
    new Set(reviewed.map((l) => l.productId)).size === reviewed.length &&
    reviewed.every((l) => inCart.get(l.productId) === l.qty)
  );
}

/**
 * Sends the agent's cart as supply orders, once per Idempotency-Key: the key is claimed in the same
 * transaction that writes the orders, empties the cart and stores the answer, so a double click, a retry or
 * 20 concurrent copies make one order and the repeats get the first answer. The body names the lines the agent
 * reviewed; they must be exactly the cart's lines (an order never holds what the cart did not). Any refusal
 * (empty cart, changed cart, the provider's caps, closed year, a carrier the agent is not Ready to Sell) rolls
 * everything back, the claim included, and leaves the cart as it was.
 */
export async function createSupplyOrder(
  deps: SuppliesDeps,
  agentId: string,
  idempotencyKey: string,
  body: CreateSupplyOrderRequest,
): Promise<CreateSupplyOrderResponse> {
  const hash = requestHash(body);
  const earlier = await selectOrderRequest(deps.db, agentId, idempotencyKey);
  if (earlier) return replay(earlier, hash);
  // the key is stored with the answer in the transaction below, per agent, and kept IDEMPOTENCY_KEY_TTL_MS
  if (body.supplies.length === 0) throw new AppError('BAD_REQUEST', SUPPLIES_MESSAGES.emptyCart);
  const zip = await getZipCode(deps.db, body.address.postal_code);
  if (!zip || zip.stateCode !== body.address.administrative_area_level_1) throw missingShipping();

  // read before the transaction: PGlite has one connection, and the transaction holds it
  const needsRts = new Map((await selectProductTypes(deps.db)).map((t) => [t.name, t.requiresReadyToSell]));
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const isFirst = await claimIdempotencyKey(tx, { agentId, idempotencyKey, requestHash: hash, at: now });
    if (!isFirst) return null;

    // one order of an agent at a time: the cart and the day's kits read here stay true until the commit
    const agent = await lockAgentForOrders(tx, agentId);
    if (!agent) throw notFound();
    const cart = await selectCartLines(tx, agentId);
    if (cart.length === 0) throw new AppError('BAD_REQUEST', SUPPLIES_MESSAGES.emptyCart);
    if (!isSameLines(cart, body.supplies)) throw new AppError('CONFLICT', SUPPLIES_MESSAGES.cartChanged);
    const kits = body.supplies.reduce((sum, line) => sum + line.qty, 0);
    if (kits > deps.kitsPerOrder) throw new AppError('BAD_REQUEST', kitsPerOrderMessage(deps.kitsPerOrder, kits));
    const ordered = await sumKitsOrderedSince(tx, agentId, new Date(now.getTime() - DAY_MS));
    if (ordered + kits > deps.kitsPerDay) {
      throw new AppError('TOO_MANY_REQUESTS', kitsPerDayMessage(deps.kitsPerDay, ordered));
    }

    const ids = body.supplies.map((s) => s.productId);
    const products = new Map((await selectProducts(tx, ids)).map((p) => [p.id, p]));
    const readyByKey = new Map<string, Set<string>>();
    for (const line of body.supplies) {
      const product = products.get(line.productId);
      if (!product)
        throw new AppError('BAD_REQUEST', 'A product in the cart is no longer offered. Remove it and try again.');
      assertOpenYear(deps, product.year);
      if (!needsRts.get(product.type)) continue;
      const key = `${product.stateCode}|${product.year}|${product.type}`;
      if (!readyByKey.has(key)) {
        const where = { state: product.stateCode, year: product.year, type: product.type };
        readyByKey.set(key, await readyCarriers(tx, agentId, where));
      }
      if (!readyByKey.get(key)!.has(product.orgName)) {
        throw new AppError('FORBIDDEN', notReadyToSellMessage(product.orgName, product.stateCode, product.year));
      }
    }

    const { address } = body;
    const inserted = await insertOrders(
      tx,
      body.supplies.map((line) => {
        const product = products.get(line.productId)!;
        return {
          agentId,
          idempotencyKey,
          productId: product.id,
          status: null,
          orderDate: now,
          orgName: product.orgName,
          planState: product.stateCode,
          year: product.year,
          type: product.type,
          planName: product.planName,
          contractId: product.contractId,
          planId: product.planId,
          county: zip.countyName,
          qty: line.qty,
          streetNum: address.street_number,
          street: address.route,
          city: address.locality,
          state: address.administrative_area_level_1,
          zip: address.postal_code,
          specialInstructions: address.specialinstruct,
        };
      }),
    );
    await insertOrderLog(
      tx,
      inserted.map((o) => ({
        orderId: o.id,
        firstName: agent.firstName,
        lastName: agent.lastName,
        action: ORDER_PLACED_ACTION,
        at: now,
      })),
    );
    await deleteCartItems(tx, agentId, ids);
    const response: CreateSupplyOrderResponse = {
      status: 'Success',
      message: SUPPLIES_MESSAGES.orderSent,
      orderIds: inserted.map((o) => o.id),
    };
    await storeOrderResponse(tx, agentId, idempotencyKey, response);
    return response;
  });
  if (result) return result;
  // another copy of this request claimed the key first and has committed by now
  const first = await selectOrderRequest(deps.db, agentId, idempotencyKey);
  if (!first) throw new AppError('CONFLICT', 'The same order is being sent. Reload the page to see it.');
  return replay(first, hash);
}

function toSupplyOrder(
  row: OrderRow,
  agent: { firstName: string; lastName: string; actId: string | null },
): SupplyOrder {
  return {
    id: row.id,
    status: row.status,
    order_date: row.orderDate,
    first: agent.firstName,
    last: agent.lastName,
    orgname: row.orgName,
    plan_state: row.planState,
    year: row.year,
    type: row.type,
    street_num: row.streetNum,
    street: row.street,
    city: row.city,
    state: row.state,
    zip: row.zip,
    contractid: row.contractId,
    planid: row.planId,
    county: row.county,
    planname: row.planName,
    special_instructions: row.specialInstructions,
    qty: row.qty,
    carrier_order_num: row.carrierOrderNum,
    tracking: row.tracking,
    notes: row.notes,
    ActID: agent.actId,
  };
}

export async function listSupplyOrders(deps: SuppliesDeps, agentId: string): Promise<SupplyOrder[]> {
  const agent = await selectAgentForOrders(deps.db, agentId);
  if (!agent) return [];
  return (await selectOrders(deps.db, agentId)).map((row) => toSupplyOrder(row, agent));
}

/** The log of one of the agent's own orders; anyone else's (or none) answers 404. */
export async function listSupplyOrderLog(
  deps: SuppliesDeps,
  agentId: string,
  orderId: number,
): Promise<OrderLogEntry[]> {
  const rows = await selectOrderLog(deps.db, agentId, orderId);
  if (!rows) throw notFound();
  return rows.map((r) => ({
    first: r.firstName,
    last: r.lastName,
    action: r.action,
    tstamp: r.at,
    ...(r.link ? { link: r.link } : {}),
  }));
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The CRM's account id for an ActID (a stable 18-character id in the CRM's format). */
function crmAccountId(actId: string): string {
  const digest = createHash('sha256').update(`crm-account:${actId}`).digest();
  let id = '001';
  for (let i = 0; i < 15; i++) id += BASE62[digest[i]! % 62];
  return id;
}

/** The CRM account behind the agent's own ActID; any other ActID answers 404. */
export async function getCrmAccount(deps: SuppliesDeps, agentId: string, actId: string): Promise<CrmAccount> {
  const agent = await selectAgentForOrders(deps.db, agentId);
  if (!agent?.actId || agent.actId !== actId) throw notFound();
  return { Id: crmAccountId(agent.actId) };
}

// ── the MA landscape ─────────────────────────────────────────────────────────────────────────────

/**
 * Loads a year's MA landscape file (docs/data-import.md) with the product types it needs in place: for the back
 * office's import job (docs/decisions/imports-and-jobs.md); the command line calls `importMaLandscape` itself.
 */
export async function importLandscapeFile(
  db: Db,
  csv: Readable,
  options: Parameters<typeof importMaLandscape>[2],
): Promise<LandscapeImportReport> {
  await ensureProductTypes(db);
  return importMaLandscape(db, csv, options);
}

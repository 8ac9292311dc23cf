import { PRESCRIPTION_DRUG_PLAN } from '@arc/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  agents,
  counties,
  supplyCartItems,
  supplyOrderLog,
  supplyOrderRequests,
  supplyOrders,
  supplyProductCounties,
  supplyProducts,
  supplyProductTypes,
} from '../../db/schema/index.ts';

export type ProductRow = typeof supplyProducts.$inferSelect;
export type ProductTypeRow = typeof supplyProductTypes.$inferSelect;
export type OrderRow = typeof supplyOrders.$inferSelect;
export type NewOrderRow = typeof supplyOrders.$inferInsert;
type DbOrTx = Db | Tx;

export const selectProductTypes = (db: Db) =>
  db.select().from(supplyProductTypes).orderBy(asc(supplyProductTypes.sortOrder), asc(supplyProductTypes.name));

export async function selectProductType(db: Db, name: string): Promise<ProductTypeRow | undefined> {
  const [row] = await db.select().from(supplyProductTypes).where(eq(supplyProductTypes.name, name)).limit(1);
  return row;
}

export async function selectCounty(db: Db, fips: string) {
  const [row] = await db
    .select({ fips: counties.fips, state: counties.stateCode, name: counties.name })
    .from(counties)
    .where(eq(counties.fips, fips))
    .limit(1);
  return row;
}

/** Carriers with plans in a county for a year, with their plan types (uses the county-first primary key). */
export const selectCountyCarriers = (db: Db, countyFips: string, year: number) =>
  db
    .select({ orgName: supplyProducts.orgName, planType: supplyProducts.planType, type: supplyProducts.type })
    .from(supplyProductCounties)
    .innerJoin(supplyProducts, eq(supplyProducts.id, supplyProductCounties.productId))
    .where(and(eq(supplyProductCounties.countyFips, countyFips), eq(supplyProducts.year, year)))
    .groupBy(supplyProducts.orgName, supplyProducts.planType, supplyProducts.type)
    .orderBy(asc(supplyProducts.orgName));

/**
 * A state's products of one type for a year (carrier kits), by carrier. Kits have no contract id: the landscape's
 * stand-alone drug plans of a state (type Prescription Drug Plan, with their S contract) are plans, not kits.
 */
export const selectStateProducts = (db: Db, state: string, year: number, type: string) =>
  db
    .select()
    .from(supplyProducts)
    .where(
      and(
        eq(supplyProducts.stateCode, state),
        eq(supplyProducts.year, year),
        eq(supplyProducts.type, type),
        isNull(supplyProducts.contractId),
      ),
    )
    .orderBy(asc(supplyProducts.orgName), asc(supplyProducts.planName));

/** One carrier's plans in a county for a year, by contract and plan id. */
export const selectCountyPlans = (
  db: Db,
  options: { countyFips: string; state: string; year: number; orgName: string },
) =>
  db
    .select({ product: supplyProducts })
    .from(supplyProductCounties)
    .innerJoin(supplyProducts, eq(supplyProducts.id, supplyProductCounties.productId))
    .where(
      and(
        eq(supplyProductCounties.countyFips, options.countyFips),
        eq(supplyProducts.stateCode, options.state),
        eq(supplyProducts.year, options.year),
        eq(supplyProducts.orgName, options.orgName),
      ),
    )
    .orderBy(asc(supplyProducts.contractId), asc(supplyProducts.planId), asc(supplyProducts.segmentId));

export async function selectProduct(db: DbOrTx, id: string): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(supplyProducts).where(eq(supplyProducts.id, id)).limit(1);
  return row;
}

export const selectProducts = (db: DbOrTx, ids: string[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.select().from(supplyProducts).where(inArray(supplyProducts.id, ids));

export const selectCart = (db: DbOrTx, agentId: string) =>
  db
    .select({ qty: supplyCartItems.qty, product: supplyProducts })
    .from(supplyCartItems)
    .innerJoin(supplyProducts, eq(supplyProducts.id, supplyCartItems.productId))
    .where(eq(supplyCartItems.agentId, agentId))
    .orderBy(asc(supplyCartItems.addedAt), asc(supplyProducts.id));

/** The cart's lines as they stand (product and quantity), for the order's and the caps' checks. */
export const selectCartLines = (db: DbOrTx, agentId: string) =>
  db
    .select({ productId: supplyCartItems.productId, qty: supplyCartItems.qty })
    .from(supplyCartItems)
    .where(eq(supplyCartItems.agentId, agentId));

/** Sets the quantity of a line already in the cart; false when there is no such line. */
export async function updateCartItemQty(db: Db, agentId: string, productId: string, qty: number): Promise<boolean> {
  const rows = await db
    .update(supplyCartItems)
    .set({ qty })
    .where(and(eq(supplyCartItems.agentId, agentId), eq(supplyCartItems.productId, productId)))
    .returning({ productId: supplyCartItems.productId });
  return rows.length > 0;
}

/** Kits the agent ordered since `since` (the supply_orders_agent_idx index: agent, order date). */
export async function sumKitsOrderedSince(db: DbOrTx, agentId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ kits: sql<string | null>`sum(${supplyOrders.qty})` })
    .from(supplyOrders)
    .where(and(eq(supplyOrders.agentId, agentId), gte(supplyOrders.orderDate, since)));
  return Number(row?.kits ?? 0);
}

/** Adds the line, or sets the quantity of the line already there. */
export const upsertCartItem = (db: Db, agentId: string, productId: string, qty: number, at: Date) =>
  db
    .insert(supplyCartItems)
    .values({ agentId, productId, qty, addedAt: at })
    .onConflictDoUpdate({ target: [supplyCartItems.agentId, supplyCartItems.productId], set: { qty } });

export const deleteCartItem = (db: Db, agentId: string, productId: string) =>
  db.delete(supplyCartItems).where(and(eq(supplyCartItems.agentId, agentId), eq(supplyCartItems.productId, productId)));

export const deleteCartItems = (db: DbOrTx, agentId: string, productIds: string[]) =>
  db
    .delete(supplyCartItems)
    .where(and(eq(supplyCartItems.agentId, agentId), inArray(supplyCartItems.productId, productIds)));

/**
 * Claims an idempotency key: true when this request is the first with it. A concurrent copy blocks on the
 * primary key until the first transaction ends, then finds the row (or claims it, if the first rolled back).
 */
export async function claimIdempotencyKey(
  tx: Tx,
  values: { agentId: string; idempotencyKey: string; requestHash: string; at: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(supplyOrderRequests)
    .values({ ...values, response: {}, createdAt: values.at })
    .onConflictDoNothing()
    .returning({ key: supplyOrderRequests.idempotencyKey });
  return rows.length > 0;
}

export async function selectOrderRequest(db: DbOrTx, agentId: string, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(supplyOrderRequests)
    .where(and(eq(supplyOrderRequests.agentId, agentId), eq(supplyOrderRequests.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

export const deleteOrderRequestsBefore = (db: Db, before: Date) =>
  db.delete(supplyOrderRequests).where(lt(supplyOrderRequests.createdAt, before));

export const storeOrderResponse = (tx: Tx, agentId: string, idempotencyKey: string, response: unknown) =>
  tx
    .update(supplyOrderRequests)
    .set({ response })
    .where(and(eq(supplyOrderRequests.agentId, agentId), eq(supplyOrderRequests.idempotencyKey, idempotencyKey)));

export const insertOrders = (tx: DbOrTx, rows: NewOrderRow[]) =>
  tx.insert(supplyOrders).values(rows).returning({ id: supplyOrders.id });

export const insertOrderLog = (tx: DbOrTx, rows: (typeof supplyOrderLog.$inferInsert)[]) =>
  rows.length === 0 ? Promise.resolve() : tx.insert(supplyOrderLog).values(rows);

export const selectOrders = (db: Db, agentId: string) =>
  db
    .select()
    .from(supplyOrders)
    .where(eq(supplyOrders.agentId, agentId))
    .orderBy(desc(supplyOrders.orderDate), desc(supplyOrders.id));

/** The log of one order, only when it belongs to the agent (else empty and the caller answers 404). */
export async function selectOrderLog(db: Db, agentId: string, orderId: number) {
  const [order] = await db
    .select({ id: supplyOrders.id })
    .from(supplyOrders)
    .where(and(eq(supplyOrders.id, orderId), eq(supplyOrders.agentId, agentId)))
    .limit(1);
  if (!order) return undefined;
  return (
    db
      .select()
      .from(supplyOrderLog)
      // the back office's internal notes stay in the back office
      .where(and(eq(supplyOrderLog.orderId, orderId), eq(supplyOrderLog.isInternal, false)))
      .orderBy(asc(supplyOrderLog.at), asc(supplyOrderLog.id))
  );
}

/**
 * The agent's names for the order log, with the agent's row locked until the transaction ends: two orders of one
 * agent (with different keys) run one after the other, so each sees the cart and the day's kits the other left.
 */
export async function lockAgentForOrders(tx: Tx, agentId: string) {
  const [row] = await tx
    .select({ firstName: agents.firstName, lastName: agents.lastName })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1)
    .for('update');
  return row;
}

/** The names and CRM account id the orders carry (agents is the roster every area reads). */
export async function selectAgentForOrders(db: DbOrTx, agentId: string) {
  const [row] = await db
    .select({ firstName: agents.firstName, lastName: agents.lastName, actId: agents.actId })
    .from(agents)
    .where(eq(agents.id, agentId))
    .limit(1);
  return row;
}

/** The Medicare Advantage landscape plans serving any of these counties in a year, once each (by contract-plan-segment). */
const landscapePlanColumns = {
  id: supplyProducts.id,
  type: supplyProducts.type,
  orgName: supplyProducts.orgName,
  planName: supplyProducts.planName,
  planType: supplyProducts.planType,
  stateCode: supplyProducts.stateCode,
  contractId: supplyProducts.contractId,
  planId: supplyProducts.planId,
  segmentId: supplyProducts.segmentId,
};

export const selectLandscapePlansOfCounties = (db: Db, countyFips: string[], year: number) =>
  db
    .selectDistinct(landscapePlanColumns)
    .from(supplyProductCounties)
    .innerJoin(supplyProducts, eq(supplyProducts.id, supplyProductCounties.productId))
    .where(
      and(
        inArray(supplyProductCounties.countyFips, countyFips),
        eq(supplyProducts.year, year),
        sql`${supplyProducts.contractId} is not null`,
      ),
    )
    .orderBy(
      asc(supplyProducts.orgName),
      asc(supplyProducts.contractId),
      asc(supplyProducts.planId),
      asc(supplyProducts.segmentId),
    );

/**
 * The stand-alone prescription drug plans (PDPs) of states for a plan year: CMS's PDP landscape lists them by state
 * (a PDP region is one state or several, and a PDP serves every county of it), so they have no county lines.
 */
export const selectLandscapePdpsOfStates = (db: Db, states: string[], year: number) =>
  db
    .select(landscapePlanColumns)
    .from(supplyProducts)
    .where(
      and(
        inArray(supplyProducts.stateCode, states),
        eq(supplyProducts.year, year),
        eq(supplyProducts.type, PRESCRIPTION_DRUG_PLAN),
        sql`${supplyProducts.contractId} is not null`,
      ),
    )
    .orderBy(
      asc(supplyProducts.orgName),
      asc(supplyProducts.contractId),
      asc(supplyProducts.planId),
      asc(supplyProducts.segmentId),
    );

/** The years with a Medicare Advantage landscape loaded, newest first. */
export const selectLandscapeYears = (db: Db) =>
  db
    .selectDistinct({ year: supplyProducts.year })
    .from(supplyProducts)
    .where(sql`${supplyProducts.contractId} is not null`)
    .orderBy(desc(supplyProducts.year));

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { counties } from './places.ts';
import { agents } from './profile.ts';
import { staffAccounts } from './staff.ts';

/** Supply product types (spec part 2 §3 Product type), in the order the picker lists them. */
export const supplyProductTypes = pgTable('supply_product_types', {
  name: text('name').primaryKey(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** MA and PDP kits ship only to agents Ready to Sell the carrier's plans (see agent_ready_to_sell) */
  requiresReadyToSell: boolean('requires_ready_to_sell').notNull().default(false),
  /** searched by county (Medicare Advantage) instead of by state */
  isByCounty: boolean('is_by_county').notNull().default(false),
});

/**
 * What an agent can put in the cart: a Medicare Advantage plan of one year's landscape (contract, plan and
 * segment in one state, with the counties it serves in supply_product_counties), or a carrier's kit of another
 * type for one state and year.
 */
export const supplyProducts = pgTable(
  'supply_products',
  {
    id: text('id').primaryKey(),
    year: integer('year').notNull(),
    type: text('type')
      .notNull()
      .references(() => supplyProductTypes.name),
    stateCode: text('state_code').notNull(),
    orgName: text('org_name').notNull(),
    planName: text('plan_name').notNull(),
    contractId: text('contract_id'),
    planId: text('plan_id'),
    segmentId: text('segment_id'),
    /** HMO, HMO-POS, Local PPO, Regional PPO, PFFS, MSA… */
    planType: text('plan_type'),
    /** Chronic or Disabling Condition, Dual-Eligible, Institutional (SNP plans only) */
    snpType: text('snp_type'),
    /** the landscape's text, as imported: an amount, "0", "-" or null */
    monthlyPremium: text('monthly_premium'),
    drugDeductible: text('drug_deductible'),
    inNetworkMoop: text('in_network_moop'),
  },
  (t) => [
    // one landscape plan per year, state and contract-plan-segment
    uniqueIndex('supply_products_plan_key')
      .on(t.year, t.stateCode, t.contractId, t.planId, t.segmentId)
      .where(sql`${t.contractId} is not null`),
    index('supply_products_state_idx').on(t.stateCode, t.year, t.type),
  ],
);

/** The counties a Medicare Advantage plan serves (one landscape line each). */
export const supplyProductCounties = pgTable(
  'supply_product_counties',
  {
    countyFips: text('county_fips')
      .notNull()
      .references(() => counties.fips),
    productId: text('product_id')
      .notNull()
      .references(() => supplyProducts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.countyFips, t.productId] })],
);

/**
 * Whether an agent is Ready to Sell a carrier's plans of one product type (MA, PDP) in a state for a plan year,
 * as the carrier stated it on `as_of`. Loaded by the Ready-to-Sell import (docs/data-import.md); no row: not ready.
 * Read through modules/ready-to-sell (Supplies' rule, the board, the TPMO disclaimer;
 * docs/decisions/soa-and-ready-to-sell.md).
 */
export const agentReadyToSell = pgTable(
  'agent_ready_to_sell',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    orgName: text('org_name').notNull(),
    stateCode: text('state_code').notNull(),
    /** READY_TO_SELL_PRODUCT_TYPES: 'MA' | 'PDP' */
    productType: text('product_type').notNull(),
    year: integer('year').notNull(),
    /** 'ready' | 'not_ready' */
    status: text('status').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.orgName, t.stateCode, t.productType, t.year] })],
);

/** The cart, kept on the server per agent (design §3): one line per product. */
export const supplyCartItems = pgTable(
  'supply_cart_items',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => supplyProducts.id, { onDelete: 'cascade' }),
    qty: integer('qty').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.productId] })],
);

/**
 * One row per Idempotency-Key and agent: the first request claims the key in the transaction that writes the
 * order, so concurrent copies wait for it and then read its answer.
 */
export const supplyOrderRequests = pgTable(
  'supply_order_requests',
  {
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the canonical request body: a replay with a different body is refused */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.idempotencyKey] })],
);

/** Spec part 2 §3 Supply order: one line of a sent cart, with the product and address as they were then. */
export const supplyOrders = pgTable(
  'supply_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    agentId: text('agent_id')
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key'),
    productId: text('product_id'),
    /** null: Not Completed; then Processing, Shipped, Cancelled (design §3) */
    status: text('status'),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull(),
    orgName: text('org_name').notNull(),
    planState: text('plan_state').notNull(),
    year: integer('year').notNull(),
    type: text('type').notNull(),
    planName: text('plan_name').notNull(),
    contractId: text('contract_id'),
    planId: text('plan_id'),
    county: text('county'),
    qty: integer('qty').notNull(),
    streetNum: text('street_num').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    specialInstructions: text('special_instructions').notNull().default(''),
    carrierOrderNum: text('carrier_order_num'),
    tracking: text('tracking'),
    /** the shipper the tracking number belongs to (UPS, FedEx, USPS: SHIPPER_TRACKING_URLS) */
    shipper: text('shipper'),
    notes: text('notes'),
    /**
     * raised by every back-office action: an action sent with an older version is refused (docs/decisions/supplies.md)
     */
    version: integer('version').notNull().default(1),
    /** the staff member working the order (docs/decisions/back-office.md's assignment); null: unassigned */
    assigneeId: text('assignee_id').references(() => staffAccounts.id, { onDelete: 'set null' }),
    /** when the order was shipped or cancelled: the work dashboard's "done" per day */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('supply_orders_agent_idx').on(t.agentId, t.orderDate),
    // the back office's queue (docs/decisions/supplies.md): newest first, by status, by carrier, by plan state
    index('supply_orders_date_idx').on(t.orderDate, t.id),
    index('supply_orders_status_date_idx').on(t.status, t.orderDate, t.id),
    index('supply_orders_org_date_idx').on(t.orgName, t.orderDate, t.id),
    index('supply_orders_plan_state_date_idx').on(t.planState, t.orderDate, t.id),
    // the product type filter and its choices (docs/decisions/enrollments.md, migration 0019)
    index('supply_orders_type_date_idx').on(t.type, t.orderDate, t.id),
    // a carrier's orders in one status, the queue's usual pair of filters (docs/decisions/enrollments.md)
    index('supply_orders_org_status_date_idx').on(t.orgName, t.status, t.orderDate, t.id),
    // the assignee filter (Mine, a colleague, Unassigned: migration 0030)
    index('supply_orders_assignee_date_idx').on(t.assigneeId, t.orderDate, t.id),
    // the work dashboard (migration 0030): each member's open orders and the orders done per day, index-only
    index('supply_orders_open_assignee_idx')
      .on(t.assigneeId, t.orderDate)
      .where(sql`${t.status} is null or ${t.status} = 'Processing'`),
    index('supply_orders_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
  ],
);

/** Spec part 2 §3 Order log entry: who did what to an order, and when. */
export const supplyOrderLog = pgTable(
  'supply_order_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => supplyOrders.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** a link the entry is about (the shipper's tracking page) */
    link: text('link'),
    /** a staff note kept from the agent */
    isInternal: boolean('is_internal').notNull().default(false),
    /** the staff member who wrote it (null: the agent, or the demo seed) */
    staffId: text('staff_id'),
  },
  (t) => [index('supply_order_log_order_idx').on(t.orderId, t.at)],
);

import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { READY_TO_SELL_PRODUCT_TYPES, type ReadyToSellProductType } from './staff-imports.ts';

/**
 * The agent's Ready-to-Sell board (`/rts`, docs/decisions/soa-and-ready-to-sell.md): one grid per plan year, carrier ×
 * state × product type, read from the imported Ready-to-Sell rows (the same rows Supplies' rule reads) and the agent's
 * contracts and certifications (what the next step is).
 */
export const RTS_CELL_STATUSES = ['ready', 'pending', 'not_ready', 'not_appointed'] as const;
export type RtsCellStatus = (typeof RTS_CELL_STATUSES)[number];

export const RTS_STATUS_LABELS: Record<RtsCellStatus, string> = {
  ready: 'Ready',
  pending: 'Pending',
  not_ready: 'Not ready',
  not_appointed: 'Not appointed',
};

/** What the agent can do next about a cell that is not Ready, where the data says it. */
export const RTS_NEXT_ACTIONS = ['certification_due', 'appointment_pending'] as const;
export type RtsNextAction = (typeof RTS_NEXT_ACTIONS)[number];
export const RTS_NEXT_ACTION_LABELS: Record<RtsNextAction, string> = {
  certification_due: 'Certification due',
  appointment_pending: 'Appointment pending',
};

const PRODUCT_TYPE_CODES = Object.keys(READY_TO_SELL_PRODUCT_TYPES) as [
  ReadyToSellProductType,
  ...ReadyToSellProductType[],
];
export const RtsProductTypeSchema = z.enum(PRODUCT_TYPE_CODES);

export const RtsCellSchema = z.object({
  carrier: z.string(),
  state: z.string(),
  productType: RtsProductTypeSchema,
  status: z.enum(RTS_CELL_STATUSES),
  /** YYYY-MM-DD: the as-of date of the imported row; null where no row was imported (Not appointed) */
  asOf: z.nullable(z.string()),
  nextAction: z.nullable(z.enum(RTS_NEXT_ACTIONS)),
});
export type RtsCell = z.infer<typeof RtsCellSchema>;

export const RtsBoardSchema = z.object({
  /** the plan years the agent has Ready-to-Sell rows for, newest first */
  years: z.array(z.int()),
  /** the plan year shown; null when the agent has no rows at all */
  year: z.nullable(z.int()),
  carriers: z.array(z.string()),
  states: z.array(z.string()),
  productTypes: z.array(RtsProductTypeSchema),
  /** every carrier × state × product type of the year, carriers and states by name */
  cells: z.array(RtsCellSchema),
  /** YYYY-MM-DD: the newest as-of date of the year's rows (the last import) */
  asOf: z.nullable(z.string()),
});
export type RtsBoard = z.infer<typeof RtsBoardSchema>;

export const RtsBoardQuerySchema = z.object({
  year: z.optional(z.coerce.number().check(z.int(), z.gte(2000), z.lte(2100))),
});

export const getReadyToSellBoard = defineRoute({
  method: 'GET',
  path: '/arc/rts',
  summary: "The agent's Ready-to-Sell board for a plan year (the newest by default)",
  tags: ['ready-to-sell'],
  auth: 'agent',
  query: RtsBoardQuerySchema,
  responses: { 200: RtsBoardSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
});

export const RTS_TEXT = {
  title: 'Ready to Sell',
  planYear: 'Plan year',
  state: 'State',
  product: 'Product',
  allStates: 'All states',
  allProducts: 'All products',
  carrier: 'Carrier',
  asOf: (date: string) => `As of ${date}`,
  noRows: 'No Ready-to-Sell status has been imported for you yet. Ask the provider’s operations team.',
  failed: 'Problem retrieving your Ready-to-Sell status from the server.',
  intro:
    'Your status with each carrier, by state and product, as the carriers last reported it. Supplies for Medicare Advantage and Part D ship only where you are Ready.',
} as const;

/** YYYY-MM-DD → MM/DD/YYYY, as the portal shows a date. */
export const usDateOf = (iso: string): string => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

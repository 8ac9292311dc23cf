import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

/**
 * The dashboard's one line about Ready to Sell (docs/decisions/soa-and-ready-to-sell.md), written on the server so the
 * dashboard loads no board code: "Ready to Sell 12 carriers in 3 states for 2027 · as of 11/20/2026"; null when nothing
 * was imported.
 */
export const getReadyToSellSummary = defineRoute({
  method: 'GET',
  path: '/arc/rts/summary',
  summary: "One line about the agent's Ready-to-Sell status for the newest plan year",
  tags: ['ready-to-sell'],
  auth: 'agent',
  responses: { 200: z.object({ text: z.nullable(z.string()) }), 401: ErrorResponseSchema },
});

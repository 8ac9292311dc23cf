import {
  IsoDateSchema,
  NpnSchema,
  READY_TO_SELL_IMPORT_COLUMNS,
  READY_TO_SELL_PRODUCT_TYPES,
  READY_TO_SELL_STATUSES,
  StateCodeSchema,
  type ReadyToSellProductType,
  type ReadyToSellStatus,
} from '@arc/contract';
import * as z from 'zod/mini';
import { lineIssue, type ImportChanges, type ImportKindSpec, type ImportOutcome } from '../../platform/csv-import.ts';
import {
  selectActiveContractCarriers,
  selectAgentIdsByNpn,
  selectReadyToSellOf,
  upsertReadyToSell,
  type ReadyToSellOnFile,
} from './queries.ts';

export interface ReadyToSellLine {
  npn: string;
  carrier: string;
  state: string;
  productType: ReadyToSellProductType;
  planYear: number;
  status: ReadyToSellStatus;
  asOf: string;
}

const PRODUCT_TYPES = Object.keys(READY_TO_SELL_PRODUCT_TYPES) as ReadyToSellProductType[];
const upper = (v: unknown) => String(v).trim().toUpperCase();
const lower = (v: unknown) => String(v).trim().toLowerCase();

const ReadyToSellLineSchema = z.object({
  npn: NpnSchema,
  carrier: z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(100, 'is over 100 characters')),
  state: z.pipe(z.transform(upper), StateCodeSchema),
  product_type: z.pipe(z.transform(upper), z.enum(PRODUCT_TYPES, { error: () => `is ${PRODUCT_TYPES.join(' or ')}` })),
  plan_year: z.coerce
    .number({ error: 'is not a year' })
    .check(z.int('is not a year'), z.gte(2000, 'is before 2000'), z.lte(2100, 'is after 2100')),
  status: z.pipe(z.transform(lower), z.enum(READY_TO_SELL_STATUSES, { error: () => 'is ready or not_ready' })),
  as_of: z.pipe(z.string().check(z.trim()), IsoDateSchema),
});

const keyOf = (r: { npn: string; carrier: string; state: string; productType: string; planYear: number }) =>
  `${r.npn}, ${r.carrier}, ${r.state}, ${r.productType}, ${r.planYear}`;

/**
 * The Ready-to-Sell import (docs/data-import.md, docs/decisions/imports-and-jobs.md): a line is an agent's status
 * (ready, not_ready) with a carrier's plans of one product type (MA, PDP) in a state for a plan year, as of a date. It
 * replaces the row of those five keys; rows absent from the file are left alone. An NPN without an agent is a rejected
 * line, and so is a `ready` line for a carrier the agent holds no active contract with (a Ready mark stands for a
 * contract; import the contracts first). A `not_ready` line needs none: the board shows it Pending or Not appointed.
 * The Ready-to-Sell rule (modules/ready-to-sell) reads these rows.
 */
export function readyToSellKind(): ImportKindSpec<ReadyToSellLine> {
  let agentIds = new Map<string, string>();
  return {
    noun: 'Ready-to-Sell',
    columns: READY_TO_SELL_IMPORT_COLUMNS,
    auditAction: 'ready-to-sell.imported',
    keyColumns: 'npn, carrier, state, product_type and plan_year',
    keyOf,
    parseLine(cells) {
      const parsed = ReadyToSellLineSchema.safeParse(cells);
      if (!parsed.success) return { reason: lineIssue(parsed.error) };
      const v = parsed.data;
      return {
        row: {
          npn: v.npn,
          carrier: v.carrier,
          state: v.state,
          productType: v.product_type,
          planYear: v.plan_year,
          status: v.status,
          asOf: v.as_of,
        },
      };
    },
    async compare(db, lines) {
      agentIds = await selectAgentIdsByNpn(db, [...new Set(lines.map((l) => l.row.npn))]);
      const npnOf = new Map([...agentIds].map(([npn, id]) => [id, npn]));
      const contracted = await selectActiveContractCarriers(db, [...agentIds.values()]);
      const onFile = new Map<string, ReadyToSellOnFile>();
      for (const row of await selectReadyToSellOf(db, [...agentIds.values()])) {
        const npn = npnOf.get(row.agentId)!;
        onFile.set(
          keyOf({ npn, carrier: row.orgName, state: row.stateCode, productType: row.productType, planYear: row.year }),
          row,
        );
      }
      return lines.map(({ row, key }): ImportOutcome => {
        const agentId = agentIds.get(row.npn);
        if (agentId === undefined) return { outcome: 'rejected', reason: `npn: no agent has the NPN ${row.npn}` };
        if (row.status === 'ready' && !contracted.has(`${agentId}|${row.carrier}`)) {
          return {
            outcome: 'rejected',
            reason: `carrier: the agent with the NPN ${row.npn} holds no active contract with ${row.carrier}; a ready line needs one`,
          };
        }
        const before = onFile.get(key);
        if (!before) {
          return {
            outcome: 'new',
            changes: () => ({
              status: { before: null, after: row.status },
              as_of: { before: null, after: row.asOf },
            }),
          };
        }
        const changes: ImportChanges = {};
        if (before.status !== row.status) changes.status = { before: before.status, after: row.status };
        if (before.asOf !== row.asOf) changes.as_of = { before: before.asOf, after: row.asOf };
        return Object.keys(changes).length === 0
          ? { outcome: 'unchanged' }
          : { outcome: 'changed', changes: () => changes };
      });
    },
    async write(tx, lines, now) {
      await upsertReadyToSell(
        tx,
        lines.map(({ row }) => ({
          agentId: agentIds.get(row.npn)!,
          orgName: row.carrier,
          stateCode: row.state,
          productType: row.productType,
          year: row.planYear,
          status: row.status,
          asOf: row.asOf,
        })),
        now,
      );
    },
  };
}

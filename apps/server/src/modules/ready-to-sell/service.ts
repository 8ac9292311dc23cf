import {
  READY_TO_SELL_PRODUCT_TYPES,
  usDateOf,
  yearIn,
  type ReadyToSellProductType,
  type RtsBoard,
  type RtsCell,
} from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  selectHeldCertifications,
  selectHeldContracts,
  selectReadyToSellRows,
  selectReadyToSellYears,
  type DbOrTx,
} from './queries.ts';

export interface ReadyToSellDeps {
  db: Db;
  clock: Clock;
  timeZone: string;
}

/**
 * The carriers the agent is Ready to Sell in a state for a plan year and a Ready-to-Sell product type (MA, PDP): the
 * imported rows that are Ready under the rule (`selectReadyToSellRows`: the carrier's flag `ready`, an active contract
 * with the carrier and its certification for the plan year and product). Supplies' rule (kits ship only there), the
 * board, the dashboard's line and the TPMO disclaimer's count all read Ready to Sell through this query.
 */
export async function readyCarriers(
  db: DbOrTx,
  agentId: string,
  where: { state: string; year: number; productType: ReadyToSellProductType },
): Promise<Set<string>> {
  const rows = await selectReadyToSellRows(db, agentId, { ...where, isReady: true });
  return new Set(rows.map((r) => r.carrier));
}

const PRODUCT_TYPE_ORDER = Object.keys(READY_TO_SELL_PRODUCT_TYPES) as ReadyToSellProductType[];
const byName = (a: string, b: string) => a.localeCompare(b, 'en');

/** The plan year shown by default: the newest the agent has rows for, but not past next year. */
async function defaultYear(deps: ReadyToSellDeps, agentId: string): Promise<{ years: number[]; year: number | null }> {
  const years = (await selectReadyToSellYears(deps.db, agentId)).map((r) => r.year);
  const latest = yearIn(deps.clock.now(), deps.timeZone) + 1;
  return { years, year: years.find((y) => y <= latest) ?? years[0] ?? null };
}

/** A contract's standing with a carrier: the best status among the agent's contracts with it. */
function contractStanding(statuses: string[]): 'active' | 'pending' | 'none' {
  if (statuses.some((s) => s.toLowerCase() === 'active')) return 'active';
  if (statuses.some((s) => s.toLowerCase() === 'pending')) return 'pending';
  return 'none';
}

/**
 * The board of one plan year (docs/decisions/soa-and-ready-to-sell.md): every state of the agent's rows for each
 * carrier and product type its rows name.
 * Ready is the rule's word (`isReady`: the carrier's own `ready`, an active contract and the plan year's
 * certification). Otherwise the agent's contracts with the carrier say why: a pending contract is Pending
 * (appointment pending); no active contract is Not appointed; an active contract is Not ready, with "certification
 * due" when the certification of an active contract for that product and year is missing.
 */
export async function getReadyToSellBoard(
  deps: ReadyToSellDeps,
  agentId: string,
  requestedYear?: number,
): Promise<RtsBoard> {
  const { years, year: fallback } = await defaultYear(deps, agentId);
  const year = requestedYear ?? fallback;
  if (year === null) {
    return { years, year: null, carriers: [], states: [], productTypes: [], cells: [], asOf: null };
  }
  const [rows, held, certified] = await Promise.all([
    selectReadyToSellRows(deps.db, agentId, { year }),
    selectHeldContracts(deps.db, agentId),
    selectHeldCertifications(deps.db, agentId, year),
  ]);
  const carriers = [...new Set(rows.map((r) => r.carrier))].sort(byName);
  const states = [...new Set(rows.map((r) => r.state))].sort(byName);
  const productTypes = PRODUCT_TYPE_ORDER.filter((t) => rows.some((r) => r.productType === t));
  const rowOf = new Map(rows.map((r) => [`${r.carrier}|${r.state}|${r.productType}`, r]));
  const statusesOf = new Map<string, string[]>();
  for (const c of held) statusesOf.set(c.carrier, [...(statusesOf.get(c.carrier) ?? []), c.status]);
  const isCertified = new Set(certified.map((c) => `${c.carrier}|${c.product}`));

  const hasProduct = new Set(rows.map((r) => `${r.carrier}|${r.productType}`));
  const cells: RtsCell[] = [];
  for (const carrier of carriers) {
    const standing = contractStanding(statusesOf.get(carrier) ?? []);
    for (const state of states) {
      for (const productType of productTypes) {
        // a carrier's product type the agent's rows never name (its PDPs when only its MA plans were imported)
        if (!hasProduct.has(`${carrier}|${productType}`)) continue;
        const row = rowOf.get(`${carrier}|${state}|${productType}`);
        const cell: RtsCell = {
          carrier,
          state,
          productType,
          status: 'ready',
          asOf: row?.asOf ?? null,
          nextAction: null,
        };
        if (!row?.isReady) {
          if (standing === 'pending') {
            cell.status = 'pending';
            cell.nextAction = 'appointment_pending';
          } else if (standing === 'none') {
            cell.status = 'not_appointed';
          } else {
            cell.status = 'not_ready';
            if (!isCertified.has(`${carrier}|${READY_TO_SELL_PRODUCT_TYPES[productType]}`)) {
              cell.nextAction = 'certification_due';
            }
          }
        }
        cells.push(cell);
      }
    }
  }
  const asOf = rows.reduce<string | null>((max, r) => (max === null || r.asOf > max ? r.asOf : max), null);
  return { years, year, carriers, states, productTypes, cells, asOf };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The dashboard's line, counting exactly the Ready marks of the newest plan year (carrier × state, any product type):
 * "Ready to Sell 4 carriers in 5 states for 2027 · as of 11/20/2026" when every one of those carriers is Ready in every
 * one of those states, otherwise each carrier counted with its own states, "Ready to Sell 5 carriers for 2027: 4 in 5
 * states, 1 in 3 states · as of 11/20/2026"; null without rows.
 */
export async function getReadyToSellSummary(deps: ReadyToSellDeps, agentId: string): Promise<string | null> {
  const { year } = await defaultYear(deps, agentId);
  if (year === null) return null;
  const rows = await selectReadyToSellRows(deps.db, agentId, { year });
  const asOf = rows.reduce((max, r) => (r.asOf > max ? r.asOf : max), '');
  const statesOf = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.isReady) statesOf.set(r.carrier, (statesOf.get(r.carrier) ?? new Set()).add(r.state));
  }
  const carriers = statesOf.size;
  const states = new Set([...statesOf.values()].flatMap((s) => [...s])).size;
  // how many carriers are Ready in how many states, the widest first
  const byCount = new Map<number, number>();
  for (const s of statesOf.values()) byCount.set(s.size, (byCount.get(s.size) ?? 0) + 1);
  let what: string;
  if (carriers === 0) what = `Not Ready to Sell with any carrier for ${year}`;
  else if (byCount.size === 1 && byCount.has(states)) {
    what = `Ready to Sell ${plural(carriers, 'carrier', 'carriers')} in ${plural(states, 'state', 'states')} for ${year}`;
  } else {
    const groups = [...byCount]
      .sort(([a], [b]) => b - a)
      .map(([n, c]) => `${c} in ${plural(n, 'state', 'states')}`)
      .join(', ');
    what = `Ready to Sell ${plural(carriers, 'carrier', 'carriers')} for ${year}: ${groups}`;
  }
  return `${what} · as of ${usDateOf(asOf)}`;
}

import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { agentReadyToSell, certifications, contracts } from '../../db/schema/index.ts';

export type DbOrTx = Db | Tx;

export interface ReadyToSellWhere {
  year?: number;
  state?: string;
  productType?: string;
  status?: string;
}

/**
 * The agent's imported Ready-to-Sell rows (docs/data-import.md), narrowed by plan year, state, product type or
 * status: the one read of these rows, behind Supplies' rule, the board and the disclaimer alike.
 */
export function selectReadyToSellRows(db: DbOrTx, agentId: string, where: ReadyToSellWhere = {}) {
  const filters: SQL[] = [eq(agentReadyToSell.agentId, agentId)];
  if (where.year !== undefined) filters.push(eq(agentReadyToSell.year, where.year));
  if (where.state !== undefined) filters.push(eq(agentReadyToSell.stateCode, where.state));
  if (where.productType !== undefined) filters.push(eq(agentReadyToSell.productType, where.productType));
  if (where.status !== undefined) filters.push(eq(agentReadyToSell.status, where.status));
  return db
    .select({
      carrier: agentReadyToSell.orgName,
      state: agentReadyToSell.stateCode,
      productType: agentReadyToSell.productType,
      year: agentReadyToSell.year,
      status: agentReadyToSell.status,
      asOf: agentReadyToSell.asOf,
    })
    .from(agentReadyToSell)
    .where(and(...filters));
}

/** The plan years the agent has Ready-to-Sell rows for, newest first. */
export const selectReadyToSellYears = (db: Db, agentId: string) =>
  db
    .selectDistinct({ year: agentReadyToSell.year })
    .from(agentReadyToSell)
    .where(eq(agentReadyToSell.agentId, agentId))
    .orderBy(desc(agentReadyToSell.year));

/** The carrier contracts the agent holds (individually or as an agency), with their status. */
export const selectHeldContracts = (db: Db, agentId: string) =>
  db
    .select({ id: contracts.id, carrier: contracts.carrierName, status: contracts.status })
    .from(contracts)
    .where(eq(contracts.holderAgentId, agentId))
    .orderBy(asc(contracts.carrierName));

/** The certifications of the agent's own contracts for a plan year: carrier and product. */
export const selectHeldCertifications = (db: Db, agentId: string, year: number) =>
  db
    .select({ carrier: contracts.carrierName, product: certifications.product })
    .from(certifications)
    .innerJoin(contracts, eq(contracts.id, certifications.contractId))
    .where(and(eq(contracts.holderAgentId, agentId), eq(certifications.year, year)));

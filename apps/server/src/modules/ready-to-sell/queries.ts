import { READY_TO_SELL_PRODUCT_TYPES } from '@arc/contract';
import { and, asc, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { agentReadyToSell, certifications, contracts } from '../../db/schema/index.ts';

export type DbOrTx = Db | Tx;

export interface ReadyToSellWhere {
  year?: number;
  state?: string;
  productType?: string;
  /** only the marks that are Ready under the rule (`isReadyMark`) */
  isReady?: boolean;
}

/**
 * A column always named with its table: drizzle leaves the table out of a one-table select's columns, which would make
 * the rule's correlated subquery compare a column with itself.
 */
const col = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A contract status that counts as active (the CRM writes 'Active'; compared without case, as the board does). */
const isActiveContract = sql`lower(${col(contracts.status)}) = 'active'`;

/** The certification product a Ready-to-Sell product type stands for (MA → 'Medicare Advantage', …). */
const certifiedProductOf = sql.join(
  [
    sql`case ${col(agentReadyToSell.productType)}`,
    ...Object.entries(READY_TO_SELL_PRODUCT_TYPES).map(([code, product]) => sql`when ${code} then ${product}`),
    sql`end`,
  ],
  sql` `,
);

/**
 * The rule of a Ready mark (docs/decisions/soa-and-ready-to-sell.md), as SQL over one `agent_ready_to_sell` row: the
 * carrier's own flag is `ready`, and the agent holds an active contract with that carrier whose certification for the
 * row's plan year covers the row's product. Served by `contracts_holder_carrier_idx` and
 * `certifications_contract_year_product_key`: a few index probes a row.
 */
const isReadyMark = sql<boolean>`(${col(agentReadyToSell.status)} = 'ready' and exists (
  select 1 from ${contracts}
  inner join ${certifications} on ${col(certifications.contractId)} = ${col(contracts.id)}
  where ${col(contracts.holderAgentId)} = ${col(agentReadyToSell.agentId)}
    and ${col(contracts.carrierName)} = ${col(agentReadyToSell.orgName)}
    and ${isActiveContract}
    and ${col(certifications.year)} = ${col(agentReadyToSell.year)}
    and ${col(certifications.product)} = ${certifiedProductOf}
))`;

/**
 * The agent's imported Ready-to-Sell rows (docs/data-import.md), narrowed by plan year, state, product type or
 * whether they are Ready, each with `isReady` under the rule: the one read of these rows, behind Supplies' rule, the
 * board, the dashboard's line and the disclaimer alike.
 */
export function selectReadyToSellRows(db: DbOrTx, agentId: string, where: ReadyToSellWhere = {}) {
  const filters: SQL[] = [eq(agentReadyToSell.agentId, agentId)];
  if (where.year !== undefined) filters.push(eq(agentReadyToSell.year, where.year));
  if (where.state !== undefined) filters.push(eq(agentReadyToSell.stateCode, where.state));
  if (where.productType !== undefined) filters.push(eq(agentReadyToSell.productType, where.productType));
  if (where.isReady !== undefined) filters.push(where.isReady ? isReadyMark : sql`not ${isReadyMark}`);
  return db
    .select({
      carrier: agentReadyToSell.orgName,
      state: agentReadyToSell.stateCode,
      productType: agentReadyToSell.productType,
      year: agentReadyToSell.year,
      status: agentReadyToSell.status,
      asOf: agentReadyToSell.asOf,
      isReady: isReadyMark,
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

/** The certifications of the agent's own active contracts for a plan year (the ones the rule counts): carrier and product. */
export const selectHeldCertifications = (db: Db, agentId: string, year: number) =>
  db
    .select({ carrier: contracts.carrierName, product: certifications.product })
    .from(certifications)
    .innerJoin(contracts, eq(contracts.id, certifications.contractId))
    .where(and(eq(contracts.holderAgentId, agentId), isActiveContract, eq(certifications.year, year)));

import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agentReadyToSell, agents, certifications, contracts } from '../../db/schema/index.ts';
import { certificationId } from '../../platform/crm-id.ts';
import { batches } from '../../platform/csv-import.ts';

/** Ids per IN list and rows per INSERT: at most 10 parameters a row, far below PostgreSQL's 65,535. */
const BATCH = 1000;

/** A contract as the import compares it: the holder by NPN, like the file. */
export interface ContractOnFile {
  id: string;
  holderNpn: string | null;
  contactName: string;
  recordType: string;
  carrierName: string;
  status: string;
  writingNumber: string | null;
  uplineContractId: string | null;
  hierarchyReportId: string | null;
}

/** The agents' ids by NPN, for the NPNs given (unknown NPNs are absent). */
export async function selectAgentIdsByNpn(db: Db, npns: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const batch of batches(npns, BATCH)) {
    const rows = await db.select({ id: agents.id, npn: agents.npn }).from(agents).where(inArray(agents.npn, batch));
    for (const row of rows) found.set(row.npn, row.id);
  }
  return found;
}

/**
 * One page of the contracts on file, by id after `after` (the primary key's order: an index scan that stops at
 * `size` rows; a join here made PostgreSQL sort the whole table for every page). `holderNpn` is the holder's id
 * until `withHolderNpns` replaces it.
 */
export const selectContractsPage = (db: Db, after: string | null, size: number): Promise<ContractOnFile[]> =>
  db
    .select({
      id: contracts.id,
      holderNpn: contracts.holderAgentId,
      contactName: contracts.contactName,
      recordType: contracts.recordType,
      carrierName: contracts.carrierName,
      status: contracts.status,
      writingNumber: contracts.writingNumber,
      uplineContractId: contracts.uplineContractId,
      hierarchyReportId: contracts.hierarchyReportId,
    })
    .from(contracts)
    .where(after === null ? undefined : gt(contracts.id, after))
    .orderBy(asc(contracts.id))
    .limit(size);

/** The NPN of each holder agent id of these contracts (their holders are few: the portal's agents). */
export async function withHolderNpns(db: Db, rows: Iterable<ContractOnFile>): Promise<void> {
  const held = [...rows].filter((row) => row.holderNpn !== null);
  const ids = [...new Set(held.map((row) => row.holderNpn!))];
  const npnOf = new Map<string, string>();
  for (const batch of batches(ids, BATCH)) {
    const found = await db.select({ id: agents.id, npn: agents.npn }).from(agents).where(inArray(agents.id, batch));
    for (const agent of found) npnOf.set(agent.id, agent.npn);
  }
  for (const row of held) row.holderNpn = npnOf.get(row.holderNpn!) ?? null;
}

/**
 * Writes contracts in the order given (uplines first), each replacing the contract of its id. One statement a
 * batch, its columns sent as arrays (`unnest`): ten parameters a statement instead of ten a row.
 */
export async function upsertContracts(
  tx: Db,
  rows: {
    id: string;
    holderNpn: string | null;
    contactName: string;
    recordType: string;
    carrierName: string;
    status: string;
    writingNumber: string | null;
    uplineContractId: string | null;
    hierarchyReportId: string | null;
  }[],
  holderIds: Map<string, string>,
): Promise<void> {
  for (const batch of batches(rows, 5000)) {
    const column = <T>(pick: (row: (typeof batch)[number]) => T) => sql.param(batch.map(pick));
    await tx.execute(sql`
      INSERT INTO ${contracts} (id, holder_agent_id, contact_name, record_type, carrier_name, status, writing_number,
        upline_contract_id, hierarchy_report_id)
      SELECT * FROM unnest(
        ${column((r) => r.id)}::text[], ${column((r) => (r.holderNpn ? (holderIds.get(r.holderNpn) ?? null) : null))}::text[],
        ${column((r) => r.contactName)}::text[], ${column((r) => r.recordType)}::text[],
        ${column((r) => r.carrierName)}::text[], ${column((r) => r.status)}::text[],
        ${column((r) => r.writingNumber)}::text[], ${column((r) => r.uplineContractId)}::text[],
        ${column((r) => r.hierarchyReportId)}::text[])
      ON CONFLICT (id) DO UPDATE SET
        holder_agent_id = excluded.holder_agent_id, contact_name = excluded.contact_name,
        record_type = excluded.record_type, carrier_name = excluded.carrier_name, status = excluded.status,
        writing_number = excluded.writing_number, upline_contract_id = excluded.upline_contract_id,
        hierarchy_report_id = excluded.hierarchy_report_id`);
  }
}

/** The ids of these contracts that are on file. */
export async function selectContractIds(db: Db, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of batches(ids, BATCH)) {
    const rows = await db.select({ id: contracts.id }).from(contracts).where(inArray(contracts.id, batch));
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The certifications of these contracts, as `contract_id, year, product` keys. */
export async function selectCertificationKeys(db: Db, contractIds: string[], keyOf: (c: CertificationKey) => string) {
  const found = new Set<string>();
  for (const batch of batches(contractIds, BATCH)) {
    const rows = await db
      .select({ contractId: certifications.contractId, year: certifications.year, product: certifications.product })
      .from(certifications)
      .where(inArray(certifications.contractId, batch));
    for (const row of rows) found.add(keyOf(row));
  }
  return found;
}

export interface CertificationKey {
  contractId: string;
  year: number;
  product: string;
}

/** Adds certifications; one already there (contract, year, product) stays as it is. */
export async function insertCertifications(tx: Db, rows: CertificationKey[]): Promise<void> {
  for (const batch of batches(rows, BATCH)) {
    await tx
      .insert(certifications)
      .values(batch.map((row) => ({ id: certificationId(row.contractId, row.year, row.product), ...row })))
      .onConflictDoNothing();
  }
}

export interface ReadyToSellOnFile {
  agentId: string;
  orgName: string;
  stateCode: string;
  productType: string;
  year: number;
  status: string;
  asOf: string;
}

/**
 * The carriers each of these agents holds an active contract with (individually or as an agency), as
 * `agentId|carrier` keys: what a `ready` Ready-to-Sell line needs (docs/decisions/soa-and-ready-to-sell.md).
 */
export async function selectActiveContractCarriers(db: Db, agentIds: string[]): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const batch of batches(agentIds, BATCH)) {
    const rows = await db
      .selectDistinct({ agentId: contracts.holderAgentId, carrier: contracts.carrierName })
      .from(contracts)
      .where(and(inArray(contracts.holderAgentId, batch), sql`lower(${contracts.status}) = 'active'`));
    for (const row of rows) keys.add(`${row.agentId}|${row.carrier}`);
  }
  return keys;
}

/** The holders (agents) of these contracts, with each contract's carrier; contracts without a holder are absent. */
export async function selectContractHolders(
  db: Db,
  contractIds: string[],
): Promise<Map<string, { agentId: string; carrier: string }>> {
  const found = new Map<string, { agentId: string; carrier: string }>();
  for (const batch of batches(contractIds, BATCH)) {
    const rows = await db
      .select({ id: contracts.id, agentId: contracts.holderAgentId, carrier: contracts.carrierName })
      .from(contracts)
      .where(inArray(contracts.id, batch));
    for (const row of rows) if (row.agentId !== null) found.set(row.id, { agentId: row.agentId, carrier: row.carrier });
  }
  return found;
}

/** The Ready-to-Sell rows of these agents. */
export async function selectReadyToSellOf(db: Db, agentIds: string[]): Promise<ReadyToSellOnFile[]> {
  const all: ReadyToSellOnFile[] = [];
  for (const batch of batches(agentIds, BATCH)) {
    all.push(
      ...(await db
        .select({
          agentId: agentReadyToSell.agentId,
          orgName: agentReadyToSell.orgName,
          stateCode: agentReadyToSell.stateCode,
          productType: agentReadyToSell.productType,
          year: agentReadyToSell.year,
          status: agentReadyToSell.status,
          asOf: agentReadyToSell.asOf,
        })
        .from(agentReadyToSell)
        .where(inArray(agentReadyToSell.agentId, batch))),
    );
  }
  return all;
}

/** Writes Ready-to-Sell rows, each replacing the row of its agent, carrier, state, product type and plan year. */
export async function upsertReadyToSell(tx: Db, rows: Omit<ReadyToSellOnFile, never>[], now: Date): Promise<void> {
  for (const batch of batches(rows, BATCH)) {
    await tx
      .insert(agentReadyToSell)
      .values(batch.map((row) => ({ ...row, updatedAt: now })))
      .onConflictDoUpdate({
        target: [
          agentReadyToSell.agentId,
          agentReadyToSell.orgName,
          agentReadyToSell.stateCode,
          agentReadyToSell.productType,
          agentReadyToSell.year,
        ],
        set: { status: sql`excluded.status`, asOf: sql`excluded.as_of`, updatedAt: sql`excluded.updated_at` },
      });
  }
}

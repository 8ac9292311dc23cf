import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { certifications, contracts } from '../../db/schema/index.ts';

/**
 * The hierarchy is the upline link alone; every query below it is a recursive CTE over `upline_contract_id`
 * (index `contracts_upline_idx`), docs/decisions/contracts-and-hierarchy.md. MAX_DEPTH bounds a walk, so a cycle in
 * imported data ends it instead of looping.
 */
const MAX_DEPTH = 64;

export type ContractRow = typeof contracts.$inferSelect;

export interface HeldContractRow extends ContractRow {
  downlineCount: number;
}

/** The contracts the agent holds, with how many contracts sit directly below each. */
export async function selectHeldContracts(db: Db, agentId: string): Promise<HeldContractRow[]> {
  // only the direct downlines of the agent's own contracts are counted (the upline index), not the whole table's
  const held = db.select({ id: contracts.id }).from(contracts).where(eq(contracts.holderAgentId, agentId));
  const direct = db
    .select({ uplineId: contracts.uplineContractId, total: sql<number>`count(*)::int`.as('total') })
    .from(contracts)
    .where(inArray(contracts.uplineContractId, held))
    .groupBy(contracts.uplineContractId)
    .as('direct');
  const rows = await db
    .select({ contract: contracts, total: direct.total })
    .from(contracts)
    .leftJoin(direct, eq(direct.uplineId, contracts.id))
    .where(eq(contracts.holderAgentId, agentId))
    .orderBy(asc(contracts.carrierName), asc(contracts.contactName), asc(contracts.id));
  return rows.map((r) => ({ ...r.contract, downlineCount: r.total ?? 0 }));
}

export async function selectHeldCarrierNames(db: Db, agentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: contracts.carrierName })
    .from(contracts)
    .where(eq(contracts.holderAgentId, agentId))
    .orderBy(asc(contracts.carrierName));
  return rows.map((r) => r.name);
}

/**
 * Whether the agent reaches a contract: they hold it, or hold one of its uplines. Walks up from the contract
 * (a handful of rows), never down the whole hierarchy.
 */
export async function isContractReachable(db: Db, agentId: string, contractId: string): Promise<boolean> {
  const result = await db.execute<{ found: number }>(sql`
    with recursive up as (
      select id, upline_contract_id, holder_agent_id, 0 as depth from contracts where id = ${contractId}
      union all
      select c.id, c.upline_contract_id, c.holder_agent_id, up.depth + 1
        from contracts c join up on c.id = up.upline_contract_id
       where up.depth < ${MAX_DEPTH}
    )
    select 1 as found from up where holder_agent_id = ${agentId} limit 1`);
  return result.rows.length > 0;
}

export async function selectContractByReportId(db: Db, reportId: string): Promise<ContractRow | undefined> {
  const [row] = await db.select().from(contracts).where(eq(contracts.hierarchyReportId, reportId)).limit(1);
  return row;
}

export type DownlineRow = {
  id: string;
  contactName: string;
  uplineName: string;
  uplineContractId: string;
  status: string;
  writingNumber: string | null;
  carrierName: string;
};

/** Every contract below `contractId`, level by level, each level by name. */
export async function selectDownlines(db: Db, contractId: string): Promise<DownlineRow[]> {
  const result = await db.execute<DownlineRow>(sql`
    with recursive tree as (
      select id, 1 as depth from contracts where upline_contract_id = ${contractId}
      union all
      select c.id, tree.depth + 1 from contracts c join tree on c.upline_contract_id = tree.id
       where tree.depth < ${MAX_DEPTH}
    )
    select c.id, c.contact_name as "contactName", u.contact_name as "uplineName",
           c.upline_contract_id as "uplineContractId", c.status, c.writing_number as "writingNumber",
           c.carrier_name as "carrierName"
      from tree
      join contracts c on c.id = tree.id
      join contracts u on u.id = c.upline_contract_id
     order by tree.depth, c.contact_name, c.id`);
  return result.rows;
}

export type CertificationRow = typeof certifications.$inferSelect;

export async function selectCertifications(db: Db, contractId: string): Promise<CertificationRow[]> {
  return db
    .select()
    .from(certifications)
    .where(eq(certifications.contractId, contractId))
    .orderBy(desc(certifications.year), asc(certifications.product));
}

export type DownlineCertificationRow = {
  id: string;
  year: number;
  product: string;
  contactName: string;
  uplineName: string;
};

/** The certifications of every contract below `contractId`, newest year first. */
export async function selectDownlineCertifications(db: Db, contractId: string): Promise<DownlineCertificationRow[]> {
  const result = await db.execute<DownlineCertificationRow>(sql`
    with recursive tree as (
      select id, 1 as depth from contracts where upline_contract_id = ${contractId}
      union all
      select c.id, tree.depth + 1 from contracts c join tree on c.upline_contract_id = tree.id
       where tree.depth < ${MAX_DEPTH}
    )
    select cert.id, cert.year, cert.product, c.contact_name as "contactName", u.contact_name as "uplineName"
      from tree
      join contracts c on c.id = tree.id
      join contracts u on u.id = c.upline_contract_id
      join certifications cert on cert.contract_id = c.id
     order by cert.year desc, c.contact_name, cert.product, cert.id`);
  return result.rows;
}

export type RosterContractRow = {
  id: string;
  contactName: string;
  uplineName: string | null;
  writingNumber: string | null;
  carrierName: string;
};

/**
 * The posted contracts that lie in the agent's hierarchy (held, or below one held), with their roster cells.
 * The ids go in as one array parameter, joined (hashed) with the contracts reached from the agent's own.
 */
export async function selectRosterContracts(db: Db, agentId: string, ids: string[]): Promise<RosterContractRow[]> {
  const result = await db.execute<RosterContractRow>(sql`
    with recursive tree as (
      select id, 0 as depth from contracts where holder_agent_id = ${agentId}
      union all
      select c.id, tree.depth + 1 from contracts c join tree on c.upline_contract_id = tree.id
       where tree.depth < ${MAX_DEPTH}
    )
    select c.id, c.contact_name as "contactName", u.contact_name as "uplineName",
           c.writing_number as "writingNumber", c.carrier_name as "carrierName"
      from (select distinct id from tree) reached
      join unnest(${sql.param(ids)}::text[]) as posted(id) on posted.id = reached.id
      join contracts c on c.id = reached.id
      left join contracts u on u.id = c.upline_contract_id`);
  return result.rows;
}

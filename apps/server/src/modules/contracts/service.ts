import {
  CONTRACTS_TEXT,
  ROSTER_FILE_NAME,
  type Certification,
  type Contract,
  type ContractRecordType,
  type CreateDownlineReportRequest,
  type Downline,
  type DownlineCertification,
} from '@arc/contract';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { sendXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import { recordAudit } from '../audit/service.ts';
import {
  isContractReachable,
  selectCertifications,
  selectContractByReportId,
  selectDownlineCertifications,
  selectDownlines,
  selectHeldCarrierNames,
  selectHeldContracts,
  selectRosterContracts,
  type RosterContractRow,
} from './queries.ts';

export interface ContractsDeps {
  db: Db;
  clock: Clock;
}

/**
 * Who sees what (design §3): an agent reaches the contracts they hold and every contract below those. Anything
 * else — another agent's contract, an unknown id — is the same 404, so an answer never tells which ids exist.
 */
async function requireReachable(deps: ContractsDeps, agentId: string, contractId: string): Promise<void> {
  if (!(await isContractReachable(deps.db, agentId, contractId))) throw notFound('Contract not found');
}

export async function listContracts(deps: ContractsDeps, agentId: string): Promise<{ response: Contract[] }> {
  const rows = await selectHeldContracts(deps.db, agentId);
  return {
    response: rows.map((row) => ({
      Id: row.id,
      Contact__r: { Name: row.contactName, RecordType: { Name: row.recordType as ContractRecordType } },
      Carrier__r: { Name: row.carrierName },
      Status__c: row.status,
      WritingNumber__c: row.writingNumber,
      HierarchyReportID__c: row.hierarchyReportId,
      downlineCount: row.downlineCount,
    })),
  };
}

/** The carriers of the contracts the agent holds, once each and sorted (the case form's Carrier list). */
export async function listHeldCarriers(deps: Pick<ContractsDeps, 'db'>, agentId: string): Promise<string[]> {
  return selectHeldCarrierNames(deps.db, agentId);
}

export async function listDownlines(
  deps: ContractsDeps,
  agentId: string,
  contractId: string,
): Promise<{ data: Downline[] }> {
  await requireReachable(deps, agentId, contractId);
  const rows = await selectDownlines(deps.db, contractId);
  return {
    data: rows.map((row) => ({
      contactName: row.contactName,
      uplineName: row.uplineName,
      contractId: row.id,
      uplineContractId: row.uplineContractId,
      status__c: row.status,
      WritingNumber__c: row.writingNumber,
      carrierName: row.carrierName,
    })),
  };
}

export async function listCertifications(
  deps: ContractsDeps,
  agentId: string,
  contractId: string,
): Promise<{ data: Certification[] }> {
  await requireReachable(deps, agentId, contractId);
  const rows = await selectCertifications(deps.db, contractId);
  return { data: rows.map((row) => ({ Id: row.id, Year__c: String(row.year), Product2__c: row.product })) };
}

/** By the contract's hierarchy report id, as the spec's call takes it. */
export async function listDownlineCertifications(
  deps: ContractsDeps,
  agentId: string,
  reportId: string,
): Promise<{ data: DownlineCertification[] }> {
  const contract = await selectContractByReportId(deps.db, reportId);
  if (!contract) throw notFound('Contract not found');
  await requireReachable(deps, agentId, contract.id);
  const rows = await selectDownlineCertifications(deps.db, contract.id);
  return {
    data: rows.map((row) => ({
      Id: row.id,
      Year__c: String(row.year),
      Product2__c: row.product,
      Contract_JSA__r: {
        Contact__r: { Name: row.contactName },
        Upline_Contract__r: { Contact__r: { Name: row.uplineName } },
      },
    })),
  };
}

const ROSTER_COLUMNS: XlsxColumn<RosterContractRow>[] = [
  { header: 'Account', value: (r) => r.contactName, width: 32 },
  { header: 'Upline', value: (r) => r.uplineName ?? '', width: 32 },
  { header: 'Writing Number', value: (r) => r.writingNumber ?? '', width: 16 },
  { header: 'Carrier', value: (r) => r.carrierName, width: 26 },
];

/**
 * "Agent Roster.xlsx" of the posted rows, in their order. Only each row's `contractId` counts: the cells come
 * from the contracts themselves, and every id must lie in the agent's hierarchy (held, or below one held) —
 * a single id outside it answers 404 with no file, so a roster can never carry anyone else's agents. Each
 * export is in the audit log (`roster.exported`, with the row count).
 */
export async function createDownlineReport(
  deps: ContractsDeps,
  agentId: string,
  request: CreateDownlineReportRequest,
  reply: FastifyReply,
  /** the client's address as trusted by TRUST_PROXY, for the audit log */
  ip: string,
): Promise<FastifyReply> {
  const ids = [...new Set(request.downlines.map((row) => row.contractId))];
  if (ids.length === 0) {
    throw new AppError('BAD_REQUEST', CONTRACTS_TEXT.rosterEmpty, {
      fieldErrors: { downlines: [CONTRACTS_TEXT.rosterEmpty] },
    });
  }
  const found = await selectRosterContracts(deps.db, agentId, ids);
  if (found.length !== ids.length) throw notFound('Contract not found');
  // recorded before the file goes out: an export that cannot be recorded does not happen (docs/decisions/audit-log.md)
  await recordAudit(deps, {
    agentId,
    ip,
    action: 'roster.exported',
    subject: ROSTER_FILE_NAME,
    detail: { rows: ids.length, carriers: [...new Set(found.map((row) => row.carrierName))].sort() },
  });
  const byId = new Map(found.map((row) => [row.id, row]));
  return sendXlsx(reply, {
    fileName: ROSTER_FILE_NAME,
    sheetName: 'Agent Roster',
    columns: ROSTER_COLUMNS,
    rows: ids.map((id) => byId.get(id)!),
  });
}

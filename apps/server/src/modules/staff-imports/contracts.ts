import {
  CONTRACT_IMPORT_COLUMNS,
  CONTRACT_RECORD_TYPES,
  CrmIdSchema,
  NpnSchema,
  type ContractRecordType,
} from '@arc/contract';
import * as z from 'zod/mini';
import type { Db } from '../../db/client.ts';
import {
  lineIssue,
  type ImportChanges,
  type ImportKindSpec,
  type ImportLineOf,
  type ImportOutcome,
} from '../../platform/csv-import.ts';
import {
  selectAgentIdsByNpn,
  selectContractsPage,
  upsertContracts,
  withHolderNpns,
  type ContractOnFile,
} from './queries.ts';

/** One contract line, checked (docs/data-import.md). */
export interface ContractRow {
  id: string;
  holderNpn: string | null;
  contactName: string;
  recordType: ContractRecordType;
  carrierName: string;
  status: string;
  writingNumber: string | null;
  uplineContractId: string | null;
  hierarchyReportId: string | null;
}

const blankIsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, 'is required'), z.maxLength(max, `is over ${max} characters`));
const crmId = () => z.pipe(z.string().check(z.trim()), CrmIdSchema);
const orNull = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(blankIsNull), z.nullable(schema));
const recordTypeByName = new Map(CONTRACT_RECORD_TYPES.map((t) => [t.toLowerCase(), t]));

const ContractLineSchema = z
  .object({
    contract_id: crmId(),
    holder_npn: orNull(NpnSchema),
    contact_name: text(200),
    record_type: z.pipe(
      z.pipe(
        z.string(),
        z.transform((v) => recordTypeByName.get(v.trim().toLowerCase())),
      ),
      z.enum(CONTRACT_RECORD_TYPES, { error: () => `is ${CONTRACT_RECORD_TYPES.join(' or ')}` }),
    ),
    carrier: text(100),
    status: text(40),
    writing_number: orNull(text(40)),
    upline_contract_id: orNull(crmId()),
    hierarchy_report_id: orNull(crmId()),
  })
  .check(
    z.refine((v) => v.upline_contract_id !== v.contract_id, {
      path: ['upline_contract_id'],
      message: 'is the contract itself',
    }),
  );

/** The columns of a change, in the file's terms, with the row's value of each. */
const FIELDS: [column: string, value: (row: ContractOnFile) => string | null][] = [
  ['holder_npn', (r) => r.holderNpn],
  ['contact_name', (r) => r.contactName],
  ['record_type', (r) => r.recordType],
  ['carrier', (r) => r.carrierName],
  ['status', (r) => r.status],
  ['writing_number', (r) => r.writingNumber],
  ['upline_contract_id', (r) => r.uplineContractId],
  ['hierarchy_report_id', (r) => r.hierarchyReportId],
];

/** How many contracts of a cycle its reason names. */
const CYCLE_SHOWN = 6;

/**
 * The contracts import (docs/data-import.md, docs/decisions/imports-and-jobs.md): a line replaces the contract of its
 * id (new or changed); contracts absent from the file are left alone. The hierarchy stays a tree: a line whose upline
 * is neither in the file nor on file, or which closes a cycle in the tree the import would leave (existing contracts
 * included), is a rejected line — and then nothing is written.
 */
export function contractsKind(): ImportKindSpec<ContractRow> {
  let holderIds = new Map<string, string>();
  return {
    noun: 'contract',
    columns: CONTRACT_IMPORT_COLUMNS,
    auditAction: 'contracts.imported',
    keyColumns: 'contract_id',
    keyOf: (row) => row.id,
    parseLine(cells) {
      const parsed = ContractLineSchema.safeParse(cells);
      if (!parsed.success) return { reason: lineIssue(parsed.error) };
      const v = parsed.data;
      return {
        row: {
          id: v.contract_id,
          holderNpn: v.holder_npn,
          contactName: v.contact_name,
          recordType: v.record_type,
          carrierName: v.carrier,
          status: v.status,
          writingNumber: v.writing_number,
          uplineContractId: v.upline_contract_id,
          hierarchyReportId: v.hierarchy_report_id,
        },
      };
    },
    async compare(db, lines) {
      const onFile = await loadContracts(db);
      holderIds = await selectAgentIdsByNpn(db, [
        ...new Set(lines.flatMap((l) => (l.row.holderNpn ? [l.row.holderNpn] : []))),
      ]);
      return compareContracts(lines, onFile, holderIds);
    },
    async write(tx, lines) {
      await upsertContracts(tx, inTreeOrder(lines), holderIds);
    },
  };
}

/** Every contract on file by id, read in keyset pages (PGlite has one connection; a page is one short query). */
async function loadContracts(db: Db): Promise<Map<string, ContractOnFile>> {
  const all = new Map<string, ContractOnFile>();
  let after: string | null = null;
  for (;;) {
    const page = await selectContractsPage(db, after, 20_000);
    for (const row of page) all.set(row.id, row);
    if (page.length < 20_000) break;
    after = page.at(-1)!.id;
  }
  await withHolderNpns(db, all.values());
  return all;
}

/**
 * One outcome per line: unknown holders and uplines, hierarchy report ids used twice, and the cycles of the
 * resulting tree are rejections; the rest is new, changed or unchanged against the contract on file.
 */
export function compareContracts(
  lines: ImportLineOf<ContractRow>[],
  onFile: Map<string, ContractOnFile>,
  holderIds: Map<string, string>,
): ImportOutcome[] {
  const inFile = new Map(lines.map((l) => [l.row.id, l.row]));
  const uplineOf = (id: string): string | null | undefined => {
    const row = inFile.get(id);
    if (row) return row.uplineContractId;
    return onFile.get(id)?.uplineContractId;
  };
  const reasons = new Map<string, string>();

  // the hierarchy report ids of the resulting set: one contract each (a unique index)
  const reportOwner = new Map<string, string>();
  for (const [id, row] of onFile) {
    if (row.hierarchyReportId && !inFile.has(id)) reportOwner.set(row.hierarchyReportId, id);
  }
  for (const { row } of lines) {
    if (!row.holderNpn || holderIds.has(row.holderNpn)) continue;
    reasons.set(row.id, `holder_npn: no agent has the NPN ${row.holderNpn}`);
  }
  for (const { row } of lines) {
    if (!row.hierarchyReportId || reasons.has(row.id)) continue;
    const owner = reportOwner.get(row.hierarchyReportId);
    if (owner !== undefined) {
      reasons.set(row.id, `hierarchy_report_id: ${row.hierarchyReportId} is contract ${owner}'s`);
    } else reportOwner.set(row.hierarchyReportId, row.id);
  }
  for (const { row } of lines) {
    if (!row.uplineContractId || reasons.has(row.id)) continue;
    if (!inFile.has(row.uplineContractId) && !onFile.has(row.uplineContractId)) {
      reasons.set(row.id, `upline_contract_id: ${row.uplineContractId} is neither in the file nor on file`);
    }
  }

  // cycles: walk up from each line; a walk that meets its own path has found a cycle (every contract on it is a
  // line of the file, since the contracts on file form a tree); contracts already walked are not walked again
  const DONE = 2;
  const ON_PATH = 1;
  const state = new Map<string, number>();
  for (const { row } of lines) {
    if (state.has(row.id)) continue;
    const path: string[] = [];
    let id: string | null | undefined = row.id;
    while (id && !state.has(id)) {
      state.set(id, ON_PATH);
      path.push(id);
      id = uplineOf(id);
    }
    if (id && state.get(id) === ON_PATH) {
      const cycle = path.slice(path.indexOf(id));
      for (const member of cycle) {
        if (inFile.has(member) && !reasons.has(member)) {
          reasons.set(member, `upline_contract_id: makes a cycle of uplines (${cycleText(cycle, member)})`);
        }
      }
    }
    for (const walked of path) state.set(walked, DONE);
  }

  return lines.map(({ row }): ImportOutcome => {
    const reason = reasons.get(row.id);
    if (reason) return { outcome: 'rejected', reason };
    const before = onFile.get(row.id);
    if (!before) return { outcome: 'new', changes: () => changesOf(undefined, row) };
    const changes = changesOf(before, row);
    return Object.keys(changes).length === 0
      ? { outcome: 'unchanged' }
      : { outcome: 'changed', changes: () => changes };
  });
}

/** The cycle as one of its contracts sees it, each followed by its upline: `a → b → c → a`. */
function cycleText(cycle: string[], member: string): string {
  const start = cycle.indexOf(member);
  const order = [...cycle.slice(start), ...cycle.slice(0, start)];
  const shown = order.length > CYCLE_SHOWN ? [...order.slice(0, CYCLE_SHOWN), '…'] : order;
  return [...shown, member].join(' → ');
}

function changesOf(before: ContractOnFile | undefined, after: ContractRow): ImportChanges {
  const changes: ImportChanges = {};
  for (const [column, value] of FIELDS) {
    const was = before ? value(before) : null;
    const now = value(after);
    if (!before || was !== now) changes[column] = { before: was, after: now };
  }
  return changes;
}

/**
 * The lines in an order where every upline written by the import comes before its downlines (the upline's
 * foreign key is checked at each statement): by depth below the nearest contract the import does not write.
 */
export function inTreeOrder(lines: ImportLineOf<ContractRow>[]): ContractRow[] {
  const byId = new Map(lines.map((l) => [l.row.id, l.row]));
  const depth = new Map<string, number>();
  const depthOf = (start: ContractRow): number => {
    const path: ContractRow[] = [];
    let row: ContractRow | undefined = start;
    let base = -1;
    while (row) {
      const known = depth.get(row.id);
      if (known !== undefined) {
        base = known;
        break;
      }
      path.push(row);
      row = row.uplineContractId ? byId.get(row.uplineContractId) : undefined;
    }
    for (let i = path.length - 1; i >= 0; i--) depth.set(path[i]!.id, ++base);
    return depth.get(start.id)!;
  };
  const rows = lines.map((l) => ({ row: l.row, depth: depthOf(l.row) }));
  return rows.sort((a, b) => a.depth - b.depth).map((r) => r.row);
}

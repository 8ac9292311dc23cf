import type { ImportReport } from '@arc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { runImport, type ImportKindSpec, type ImportLineOf, type ImportOptions } from '../../platform/csv-import.ts';
import { recordAudit } from '../audit/service.ts';
import type { RaiseNotification } from '../notifications/service.ts';
import { certificationsKind } from './certifications.ts';
import { contractsKind } from './contracts.ts';
import { selectAgentIdsByNpn, selectContractHolders, type CertificationKey } from './queries.ts';
import { readyToSellKind, type ReadyToSellLine } from './ready-to-sell.ts';

/**
 * The back office's imports of contracts, certifications and Ready-to-Sell rows (issue 31, docs/data-import.md,
 * docs/decisions/imports-and-jobs.md): each one kind of the import framework (`platform/csv-import.ts`), called by the
 * upload routes, the command line and the demo seed alike.
 */

export interface StaffImportsDeps {
  db: Db;
  clock: Clock;
  /**
   * Raises a notification (modules/notifications) after an applied file changed an agent's Ready-to-Sell marks or
   * certifications; without it (the demo seed, the command line) nobody is notified.
   */
  notify?: (input: RaiseNotification) => Promise<unknown>;
  log?: Pick<FastifyBaseLogger, 'error'>;
}

export type StaffImportOptions = Pick<ImportOptions, 'dryRun' | 'staffId' | 'ip' | 'source'>;
type Input = AsyncIterable<Buffer | string>;

const withAudit = (deps: StaffImportsDeps) => ({ ...deps, recordAudit });

export async function importContracts(
  deps: StaffImportsDeps,
  input: Input,
  options: StaffImportOptions,
): Promise<ImportReport> {
  return (await runImport(withAudit(deps), contractsKind(), input, options)).report;
}

export async function importCertifications(
  deps: StaffImportsDeps,
  input: Input,
  options: StaffImportOptions,
): Promise<ImportReport> {
  const { report, written } = await runImport(withAudit(deps), certificationsKind(), input, options);
  await notifyCertifications(deps, written);
  return report;
}

export async function importReadyToSell(
  deps: StaffImportsDeps,
  input: Input,
  options: StaffImportOptions,
): Promise<ImportReport> {
  const { report, written } = await runImport(withAudit(deps), readyToSellKind(), input, options);
  await notifyReadyToSell(deps, written);
  return report;
}

/** Where the notification takes the agent: the board, which shows what the change means for each mark. */
const READY_TO_SELL_SCREEN = '/rts';
/** How many changes a notification names before "and N more". */
const NAMED_CHANGES = 5;

const listed = (items: string[]) =>
  items.length > NAMED_CHANGES
    ? `${items.slice(0, NAMED_CHANGES).join('; ')}; and ${items.length - NAMED_CHANGES} more`
    : items.join('; ');

/** Raises each agent's notice after the commit; a failed notice is logged, the import stands. */
async function notifyEach(deps: StaffImportsDeps, byAgent: Map<string, string[]>, what: 'marks' | 'certifications') {
  if (!deps.notify) return;
  for (const [agentId, items] of byAgent) {
    const n = items.length;
    const input: RaiseNotification =
      what === 'marks'
        ? {
            agentId,
            kind: 'ready-to-sell-changed',
            title: 'Your Ready to Sell changed',
            body: `${n} Ready-to-Sell ${n === 1 ? 'mark' : 'marks'} changed: ${listed(items)}. A mark is Ready with an active contract and its certification for the plan year.`,
            link: READY_TO_SELL_SCREEN,
          }
        : {
            agentId,
            kind: 'ready-to-sell-changed',
            title: 'Your certifications changed',
            body: `${n} new ${n === 1 ? 'certification' : 'certifications'} on file: ${listed(items)}.`,
            link: READY_TO_SELL_SCREEN,
          };
    try {
      await deps.notify(input);
    } catch (err) {
      deps.log?.error({ err, agentId }, 'Ready-to-Sell notification failed');
    }
  }
}

/** Each agent whose marks an applied Ready-to-Sell file wrote (new or changed) is told which, once per file. */
async function notifyReadyToSell(deps: StaffImportsDeps, written: ImportLineOf<ReadyToSellLine>[]): Promise<void> {
  if (!deps.notify || written.length === 0) return;
  const ids = await selectAgentIdsByNpn(deps.db, [...new Set(written.map((l) => l.row.npn))]);
  const byAgent = new Map<string, string[]>();
  for (const { row } of written) {
    const agentId = ids.get(row.npn);
    if (!agentId) continue;
    const item = `${row.carrier} ${row.productType} in ${row.state} for ${row.planYear}: ${row.status === 'ready' ? 'ready' : 'not ready'}`;
    byAgent.set(agentId, [...(byAgent.get(agentId) ?? []), item]);
  }
  await notifyEach(deps, byAgent, 'marks');
}

/** Each agent holding a contract an applied certifications file certified is told which, once per file. */
async function notifyCertifications(deps: StaffImportsDeps, written: ImportLineOf<CertificationKey>[]): Promise<void> {
  if (!deps.notify || written.length === 0) return;
  const holders = await selectContractHolders(deps.db, [...new Set(written.map((l) => l.row.contractId))]);
  const byAgent = new Map<string, string[]>();
  for (const { row } of written) {
    const holder = holders.get(row.contractId);
    if (!holder) continue;
    byAgent.set(holder.agentId, [
      ...(byAgent.get(holder.agentId) ?? []),
      `${holder.carrier} ${row.product} ${row.year}`,
    ]);
  }
  await notifyEach(deps, byAgent, 'certifications');
}

/** The three kinds by their IMPORT_KINDS name, for the command line. */
export const STAFF_IMPORTS = {
  contracts: importContracts,
  certifications: importCertifications,
  'ready-to-sell': importReadyToSell,
} as const;

/**
 * Applies a file of one of the three kinds (no dry run) for the back office's import job
 * (docs/decisions/imports-and-jobs.md); `afterWrite` runs in the apply's transaction (the job marks itself done there).
 */
export async function applyStaffImport(
  deps: StaffImportsDeps,
  kind: keyof typeof STAFF_IMPORTS,
  input: Input,
  options: Omit<StaffImportOptions, 'dryRun'> & { afterWrite: (tx: Db) => Promise<void> },
): Promise<ImportReport> {
  const spec = { contracts: contractsKind, certifications: certificationsKind, 'ready-to-sell': readyToSellKind }[kind];
  const { afterWrite, ...rest } = options;
  const run = (k: ImportKindSpec<unknown>) =>
    runImport(withAudit(deps), k, input, { ...rest, dryRun: false, afterWrite: (tx) => afterWrite(tx) });
  const { report, written } = await run(spec() as ImportKindSpec<unknown>);
  if (kind === 'ready-to-sell') await notifyReadyToSell(deps, written as ImportLineOf<ReadyToSellLine>[]);
  if (kind === 'certifications') await notifyCertifications(deps, written as ImportLineOf<CertificationKey>[]);
  return report;
}

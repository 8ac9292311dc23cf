import type { ImportReport } from '@arc/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { runImport, type ImportKindSpec, type ImportOptions } from '../../platform/csv-import.ts';
import { recordAudit } from '../audit/service.ts';
import { certificationsKind } from './certifications.ts';
import { contractsKind } from './contracts.ts';
import { readyToSellKind } from './ready-to-sell.ts';

/**
 * The back office's imports of contracts, certifications and Ready-to-Sell rows (issue 31, docs/data-import.md,
 * docs/decisions/imports-and-jobs.md): each one kind of the import framework (`platform/csv-import.ts`), called by the
 * upload routes, the command line and the demo seed alike.
 */

export interface StaffImportsDeps {
  db: Db;
  clock: Clock;
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
  return (await runImport(withAudit(deps), certificationsKind(), input, options)).report;
}

export async function importReadyToSell(
  deps: StaffImportsDeps,
  input: Input,
  options: StaffImportOptions,
): Promise<ImportReport> {
  return (await runImport(withAudit(deps), readyToSellKind(), input, options)).report;
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
  return (await run(spec() as ImportKindSpec<unknown>)).report;
}

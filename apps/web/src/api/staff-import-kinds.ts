import * as contract from '@arc/contract';

/** An option of an import, sent as a query parameter set to `true` when ticked. */
export interface ImportOption {
  param: string;
  label: string;
  description?: string;
}

/**
 * One kind of import on the Import page: the contract's entry (`IMPORT_KINDS`: label, columns, example line, size
 * cap, multipart part, route) and what only the screen needs: a sentence on what the file does and its options.
 */
export type ImportKindView = (typeof contract.IMPORT_KINDS)[number] & {
  help: string;
  options: readonly ImportOption[];
};

/** What the screen adds to each of the contract's kinds (docs/data-import.md). */
const EXTRAS: Record<contract.ImportKind, Pick<ImportKindView, 'help' | 'options'>> = {
  agents: {
    help:
      'One line per agent, keyed by NPN: a new NPN adds the agent (active, not registered: the agent registers by ' +
      'NPN), a known NPN updates the agent. Tier is Standard or Unlimited, status active or inactive, state a ' +
      'two-letter code.',
    options: [
      {
        param: 'deactivateMissing',
        label: 'Deactivate agents missing from this roster',
        description: 'Only for a full roster: every active agent the file does not name is deactivated.',
      },
    ],
  },
  contracts: {
    help:
      'One line per contract, keyed by its CRM id: a line replaces the contract of its id, contracts absent from ' +
      'the file are left alone. The upline is a contract in the file or on file (empty at the top of a hierarchy); ' +
      'the holder’s NPN is empty for a contact who does not sign in; record type is Person Account or Agency. ' +
      'Agents see their contracts and downlines change as soon as the file is applied.',
    options: [],
  },
  certifications: {
    help:
      'One line per certification: a contract on file (import the contracts first), a year and a product. Lines ' +
      'only add; a certification already on file is unchanged.',
    options: [],
  },
  'ready-to-sell': {
    help:
      'One line per agent, carrier, state, product type (MA or PDP) and plan year, with its status (ready or ' +
      'not_ready) and the date the carrier stated it (YYYY-MM-DD). A line replaces the row of its five keys; rows ' +
      'absent from the file are left alone.',
    options: [],
  },
};

export const IMPORT_KIND_VIEWS: readonly ImportKindView[] = contract.IMPORT_KINDS.map((kind) => ({
  ...kind,
  ...EXTRAS[kind.kind],
}));

/** The report every import answers; the roster's adds the active agents it does not name. */
export type ImportReportView = contract.ImportReport &
  Partial<Pick<contract.RosterReport, 'missing'>> & { counts: { missing?: number } };

/** The sample file of a kind: the header and the contract's example line. */
export const sampleCsv = (kind: ImportKindView) => `${kind.columns.join(',')}\r\n${kind.example}\r\n`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

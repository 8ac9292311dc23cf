import * as contract from '@arc/contract';

/** An option of an import, sent as a query parameter set to `true` when ticked. */
export interface ImportOption {
  param: string;
  label: string;
  description?: string;
}

/**
 * One kind of import on the Import page: what the screen needs to upload a file of that kind and explain its
 * format. A new kind (contracts, certifications, Ready to Sell) is one entry here with its contract entry.
 */
export interface ImportKindView {
  kind: string;
  label: string;
  /** POST, multipart; `?dryRun=true` previews; answers the report (200, 422) or an error (400, 413) */
  route: contract.RouteEntry;
  /** the multipart part that carries the file */
  field: string;
  /** the CSV header line's columns, in order */
  columns: readonly string[];
  /** one example line under the header (the sample file) */
  example: string;
  /** the server's size cap; a bigger file is refused before it is sent */
  maxBytes: number;
  /** what the file does, in a sentence or two */
  help: string;
  options: readonly ImportOption[];
}

export const IMPORT_KIND_VIEWS: readonly ImportKindView[] = [
  {
    kind: 'agents',
    label: 'Agents (roster)',
    route: contract.importAgents,
    field: contract.AGENT_ROSTER_UPLOAD_FIELDS.file,
    columns: contract.AGENT_ROSTER_COLUMNS,
    example: '17000009,Ana,Rivera,ana.rivera@agency.test,608-555-0100,WI,Standard,active',
    maxBytes: contract.AGENT_ROSTER_MAX_BYTES,
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
];

/** The report every import answers (the roster's adds the agents it does not name). */
export interface ImportReportView {
  dryRun: boolean;
  applied: boolean;
  sha256: string;
  counts: { lines: number; new: number; changed: number; unchanged: number; rejected: number; missing?: number };
  new: ImportLineView[];
  changed: ImportLineView[];
  rejected: { line: number; reason: string }[];
  missing?: string[];
}

export interface ImportLineView {
  line: number;
  /** the record's key (contract id, NPN…); the roster names it `npn` */
  key?: string;
  npn?: string;
  changes?: Record<string, { before: string | null; after: string | null }>;
}

/** The sample file of a kind: the header and the example line. */
export const sampleCsv = (kind: ImportKindView) => `${kind.columns.join(',')}\r\n${kind.example}\r\n`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

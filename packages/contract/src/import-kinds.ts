import {
  AGENT_ROSTER_COLUMNS,
  AGENT_ROSTER_MAX_BYTES,
  AGENT_ROSTER_UPLOAD_FIELDS,
  importAgents,
} from './staff-agents.ts';
import {
  CERTIFICATION_IMPORT_COLUMNS,
  CERTIFICATION_IMPORT_MAX_BYTES,
  CONTRACT_IMPORT_COLUMNS,
  CONTRACT_IMPORT_MAX_BYTES,
  importCertifications,
  importContracts,
  importReadyToSell,
  READY_TO_SELL_IMPORT_COLUMNS,
  READY_TO_SELL_IMPORT_MAX_BYTES,
} from './staff-imports.ts';

/**
 * Every import of the back office, as data (docs/data-import.md): one upload screen draws itself from this list. Each
 * kind names its label, its CSV columns (the header line names them all, in any order and case), an example line,
 * its size cap, the multipart part carrying the file and its contract entry (POST, `?dryRun=true` for the preview;
 * the roster's entry also takes `deactivateMissing`). Every entry answers an `ImportReportSchema` report (the
 * roster's extends it with the agents it does not name).
 */
export const IMPORT_KINDS = [
  {
    kind: 'agents',
    label: 'Agents (roster)',
    columns: AGENT_ROSTER_COLUMNS,
    example: '17000009,Ana,Rivera,ana.rivera@example.com,608-555-0100,WI,Standard,active',
    maxBytes: AGENT_ROSTER_MAX_BYTES,
    uploadField: AGENT_ROSTER_UPLOAD_FIELDS.file,
    route: importAgents,
  },
  {
    kind: 'contracts',
    label: 'Contracts',
    columns: CONTRACT_IMPORT_COLUMNS,
    example: 'a0C000000000000002,17000009,Ana Rivera,Person Account,Humana,Active,HU104522,a0C000000000000001,',
    maxBytes: CONTRACT_IMPORT_MAX_BYTES,
    uploadField: 'file',
    route: importContracts,
  },
  {
    kind: 'certifications',
    label: 'Certifications',
    columns: CERTIFICATION_IMPORT_COLUMNS,
    example: 'a0C000000000000002,2027,Medicare Advantage',
    maxBytes: CERTIFICATION_IMPORT_MAX_BYTES,
    uploadField: 'file',
    route: importCertifications,
  },
  {
    kind: 'ready-to-sell',
    label: 'Ready to Sell',
    columns: READY_TO_SELL_IMPORT_COLUMNS,
    example: '17000009,Humana,WI,MA,2027,ready,2026-10-01',
    maxBytes: READY_TO_SELL_IMPORT_MAX_BYTES,
    uploadField: 'file',
    route: importReadyToSell,
  },
] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number]['kind'];

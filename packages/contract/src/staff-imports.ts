import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { IMPORT_ROLES } from './staff-roles.ts';

/**
 * The back office's imports (issue 31, docs/data-import.md, docs/decisions/imports-and-jobs.md): one shape for every
 * kind. A CSV file is uploaded as multipart (or given to the command line), every line is checked, a dry run answers
 * the report and writes nothing, and an apply writes the whole file in one transaction or nothing at all (a rejected
 * line answers 422 with the report). 400: a header that does not name the kind's columns, or no line below it;
 * 413: a file over the kind's cap. `admin` and `operations` import.
 */

/** How many lines of each kind (new, changed, rejected) a report lists; its counts are always whole. */
export const IMPORT_REPORT_LINES = 500;

/** `?dryRun=true`: the preview, nothing written. */
export const ImportQuerySchema = z.object({
  dryRun: z._default(z.enum(['true', 'false']), 'false'),
});
export type ImportQuery = z.input<typeof ImportQuerySchema>;

/** One field of a line: what is on file and what the line makes it (`before` is null on a new record). */
export const ImportChangeSchema = z.object({ before: z.nullable(z.string()), after: z.nullable(z.string()) });

/** A new or changed line: its number, the record's key (contract id, NPN…) and the fields that differ. */
export const ImportLineSchema = z.object({
  line: z.int(),
  key: z.string(),
  changes: z.optional(z.record(z.string(), ImportChangeSchema)),
});
export type ImportLine = z.infer<typeof ImportLineSchema>;

export const ImportRejectedLineSchema = z.object({
  line: z.int(),
  reason: z.string(),
  /** the line as it stands in the file (at most IMPORT_REJECTED_CONTENT_CHARS), where the file could be read that far */
  content: z.optional(z.string()),
});
/** How much of a rejected line's text the report and the rejects CSV keep. */
export const IMPORT_REJECTED_CONTENT_CHARS = 1000;
/**
 * A rejected line's text as the report keeps it: at most IMPORT_REJECTED_CONTENT_CHARS, a control character (a tab
 * stays) shown by its picture (NUL as ␀), never written into the report as it came.
 */
export const rejectedLineContent = (text: string): string =>
  text
    .slice(0, IMPORT_REJECTED_CONTENT_CHARS)
    // eslint-disable-next-line no-control-regex -- finding the control characters is the point
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, (c) =>
      String.fromCharCode(c === '\u007f' ? 0x2421 : 0x2400 + c.charCodeAt(0)),
    );

export const ImportCountsSchema = z.object({
  /** lines below the header (blank lines are not counted) */
  lines: z.int(),
  new: z.int(),
  changed: z.int(),
  unchanged: z.int(),
  rejected: z.int(),
});

/** The report of every import: the dry run's preview, the apply's result, the 422's reasons. */
export const ImportReportSchema = z.object({
  dryRun: z.boolean(),
  /** whether anything was written: never in a dry run, nor when a line is rejected */
  applied: z.boolean(),
  /** the SHA-256 of the file's bytes (hex), as in the audit event */
  sha256: z.string(),
  counts: ImportCountsSchema,
  /** the first IMPORT_REPORT_LINES of each, in line order */
  new: z.array(ImportLineSchema),
  changed: z.array(ImportLineSchema),
  rejected: z.array(ImportRejectedLineSchema),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

const importResponses = {
  200: ImportReportSchema,
  400: ErrorResponseSchema,
  413: ErrorResponseSchema,
  422: ImportReportSchema,
} as const;

// ── contracts ────────────────────────────────────────────────────────────────────────────────────

/**
 * A contract line (docs/data-import.md): the CRM's contract id; the NPN of the portal agent holding it (empty for a
 * contact who does not sign in); the holder's name and record type (`Person Account` or `Agency`); the carrier,
 * status and writing number; the upline contract (empty at the top of a hierarchy; in the file or on file) and
 * the hierarchy report id. A line replaces the contract of its id; contracts absent from the file are left alone.
 */
export const CONTRACT_IMPORT_COLUMNS = [
  'contract_id',
  'holder_npn',
  'contact_name',
  'record_type',
  'carrier',
  'status',
  'writing_number',
  'upline_contract_id',
  'hierarchy_report_id',
] as const;
/** 500,000 contracts take about 60 MB. */
export const CONTRACT_IMPORT_MAX_BYTES = 128 * 1024 * 1024;

export const importContracts = defineRoute({
  method: 'POST',
  path: '/arc/staff/imports/contracts',
  summary: 'Import contracts with their upline (multipart: file); dryRun=true previews it',
  tags: ['staff'],
  auth: IMPORT_ROLES,
  query: ImportQuerySchema,
  responses: importResponses,
});

// ── certifications ───────────────────────────────────────────────────────────────────────────────

/** A certification line: a contract on file (or in an earlier import), a year and a product. Lines only add. */
export const CERTIFICATION_IMPORT_COLUMNS = ['contract_id', 'year', 'product'] as const;
export const CERTIFICATION_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

export const importCertifications = defineRoute({
  method: 'POST',
  path: '/arc/staff/imports/certifications',
  summary: 'Import certifications (multipart: file); dryRun=true previews it',
  tags: ['staff'],
  auth: IMPORT_ROLES,
  query: ImportQuerySchema,
  responses: importResponses,
});

// ── Ready to Sell ────────────────────────────────────────────────────────────────────────────────

/**
 * The product types a Ready-to-Sell row is about, by the code the file uses, and the supplies product type each
 * one gates (a kit of that type ships only to an agent Ready to Sell its carrier in its state and plan year).
 */
export const READY_TO_SELL_PRODUCT_TYPES = {
  MA: 'Medicare Advantage',
  PDP: 'Prescription Drug Plan',
} as const;
export type ReadyToSellProductType = keyof typeof READY_TO_SELL_PRODUCT_TYPES;
export const READY_TO_SELL_STATUSES = ['ready', 'not_ready'] as const;
export type ReadyToSellStatus = (typeof READY_TO_SELL_STATUSES)[number];

/**
 * A Ready-to-Sell line: agent NPN × carrier × state × product type (MA, PDP) × plan year, with its status
 * (`ready`, `not_ready`) and the date the carrier stated it (`as_of`, YYYY-MM-DD). A line replaces the row of
 * its five keys; rows absent from the file are left alone.
 */
export const READY_TO_SELL_IMPORT_COLUMNS = [
  'npn',
  'carrier',
  'state',
  'product_type',
  'plan_year',
  'status',
  'as_of',
] as const;
export const READY_TO_SELL_IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/** One Ready-to-Sell row of an agent, as the agent's page shows it. */
export const ReadyToSellRowSchema = z.object({
  carrier: z.string(),
  state: z.string(),
  productType: z.enum(['MA', 'PDP']),
  planYear: z.int(),
  status: z.enum(READY_TO_SELL_STATUSES),
  /** YYYY-MM-DD */
  asOf: z.string(),
});
export type ReadyToSellRow = z.infer<typeof ReadyToSellRowSchema>;

export const importReadyToSell = defineRoute({
  method: 'POST',
  path: '/arc/staff/imports/ready-to-sell',
  summary: 'Import Ready-to-Sell rows (multipart: file); dryRun=true previews it',
  tags: ['staff'],
  auth: IMPORT_ROLES,
  query: ImportQuerySchema,
  responses: importResponses,
});

import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';
import { ImportQuerySchema, ImportReportSchema } from './staff-imports.ts';
import { IMPORT_ROLES } from './staff-roles.ts';

/**
 * Commission statements published from the back office (issue 33, docs/data-import.md,
 * docs/decisions/imports-and-jobs.md): a period's statement file is a CSV of statement lines, one line per paid policy
 * of one agent, checked and previewed like every import (docs/decisions/imports-and-jobs.md) and published all or
 * nothing (docs/decisions/imports-and-jobs.md). Every agent named in the file gets one statement of that date, the one
 * the Commission Statements screen lists and downloads as CSV; uploading the same period again replaces that period's
 * published statements in one transaction. `admin` and `operations` publish.
 */

/**
 * The columns of a statement line: the agent's NPN, the statement date (YYYY-MM-DD, one date per file: the
 * period), then the columns of the agent's statement CSV — carrier, policy number, client, product, effective
 * date (YYYY-MM-DD), transaction (New, Renewal, Chargeback…), premium and commission (dollars, up to two
 * decimals; negative on a chargeback).
 */
export const STATEMENT_IMPORT_COLUMNS = [
  'npn',
  'statement_date',
  'carrier',
  'policy_number',
  'client',
  'product',
  'effective_date',
  'transaction',
  'premium',
  'commission',
] as const;

/** The header of the CSV an agent downloads, one column per line field (the total is a last line). */
export const STATEMENT_CSV_HEADER = [
  'Carrier',
  'Policy Number',
  'Client',
  'Product',
  'Effective Date',
  'Transaction',
  'Premium',
  'Commission',
] as const;

/** 100,000 lines take about 10 MB. */
export const STATEMENT_IMPORT_MAX_BYTES = 128 * 1024 * 1024;
export const STATEMENT_UPLOAD_FIELD = 'file';
export const STATEMENT_IMPORT_EXAMPLE =
  '17000009,2026-11-01,Humana,P48213377,"Moore, Linda",Medicare Advantage,2026-11-01,New,112.40,320.50';

/** The import report with what the period's statements would hold (the good lines only). */
export const StatementReportSchema = z.extend(ImportReportSchema, {
  summary: z.object({
    /** the file's statement date, YYYY-MM-DD (null when no line could be read) */
    period: z.nullable(z.string()),
    /** how many agents get a statement */
    agents: z.int(),
    /** the sum of the commission column, in dollars with two decimals */
    total: z.string(),
    /** how many statements of this period are on file now (replaced on publish) */
    replaces: z.int(),
  }),
});
export type StatementReport = z.infer<typeof StatementReportSchema>;

export const publishCommissionStatements = defineRoute({
  method: 'POST',
  path: '/arc/staff/statements',
  summary: "Publish a period's commission statements (multipart: file); dryRun=true previews it",
  tags: ['staff'],
  auth: IMPORT_ROLES,
  query: ImportQuerySchema,
  responses: {
    200: StatementReportSchema,
    400: ErrorResponseSchema,
    413: ErrorResponseSchema,
    422: StatementReportSchema,
  },
});

import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const CommissionStatementSchema = z.object({
  id: z.string(),
  first: z.string(),
  last: z.string(),
  /** the statement date, YYYY-MM-DD (for sorting) */
  date: z.iso.date(),
  /** the statement date as shown, e.g. "March 1st, 2026" */
  formatted: z.string(),
});
export type CommissionStatement = z.infer<typeof CommissionStatementSchema>;

/** How many statements one list call answers (spec §9). */
export const COMMISSIONS_PAGE_SIZE = 10;

export const findCommissionStatements = defineRoute({
  method: 'GET',
  path: '/arc/agent/commissions/all/:offset',
  summary: "The agent's commission statements, newest first, 10 from `offset`",
  tags: ['commissions'],
  auth: 'agent',
  params: z.object({ offset: z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000)) }),
  responses: {
    200: z.object({
      data: z.array(CommissionStatementSchema),
      /** how many statements the agent has in all */
      total: z.int(),
    }),
    400: ErrorResponseSchema,
    401: ErrorResponseSchema,
  },
});

/** Answers the stored gzip with Content-Encoding: gzip, named first_last_date.csv (design §3). */
export const getCommissionStatement = defineRoute({
  method: 'GET',
  path: '/arc/agent/commissions/:id',
  summary: 'Download one commission statement as CSV',
  tags: ['commissions'],
  auth: 'agent',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }),
  responses: { 401: ErrorResponseSchema, 404: ErrorResponseSchema },
});

export const COMMISSIONS_TEXT = {
  title: 'Commission Statements',
  listFailed: 'Problem retrieving data from server.',
  loadMore: 'Load more',
} as const;

/** "first_last_date.csv" as the spec names the file. */
export const commissionFileName = (statement: Pick<CommissionStatement, 'first' | 'last' | 'date'>): string =>
  `${statement.first}_${statement.last}_${statement.date}.csv`;

const ORDINAL = (day: number) => {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
};
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-03-01" → "March 1st, 2026" (month name, day with ordinal, year). */
export function formatStatementDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${MONTHS[month - 1]} ${day}${ORDINAL(day)}, ${year}`;
}

import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const FinalExpenseFileSchema = z.object({
  id: z.int(),
  filename: z.string(),
  /** download identifier for POST /arc/downloadtoken */
  file: z.string(),
});
export type FinalExpenseFile = z.infer<typeof FinalExpenseFileSchema>;

export const listFinalExpenseFiles = defineRoute({
  method: 'GET',
  path: '/arc/agent/finalexpense/files',
  summary: 'Final expense sales documents',
  tags: ['final-expense'],
  auth: 'agent',
  responses: { 200: z.array(FinalExpenseFileSchema), 401: ErrorResponseSchema },
});

/** Spec §9: the statistics on the info view. */
export const FINAL_EXPENSE_STATS = {
  averageAge: 64,
  averageDeathBenefit: '$12,400',
  averageMonthlyPremium: '$67',
} as const;

/** Spec §9: 2 s on the 'Building' pop-up, then 3 s more before the browser's print. */
export const PRINT_BUILDING_MS = 2000;
export const PRINT_DELAY_MS = 3000;

/**
 * The Funeral Expense Worksheet's entries (spec part 2 §3, §4): a calculator with no request to the server. The
 * amounts are free text by field name (the web app's worksheet.ts ignores "$" and ",", anything else counts 0), so
 * no entry is refused; the veteran question is yes or no.
 */
export const FuneralWorksheetFormSchema = z.object({
  clientName: z.string(),
  isVeteran: z.enum(['yes', 'no']),
  amounts: z.record(z.string(), z.string()),
});

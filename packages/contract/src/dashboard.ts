import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const DashboardFileSchema = z.object({
  /** unique key of this tile */
  key: z.string(),
  /** document id; it picks the tile label (70, 71, 74, 75, anything else) */
  id: z.int(),
  year: z.int(),
  carrier: z.string(),
  /** logo image URL */
  img: z.string(),
  /** 'aetna' tiles read "Log in - First Look"; 'anthem' tiles show the NPN instructions */
  logoType: z.enum(['aetna', 'anthem', 'standard']),
  /** an external link opened instead of a download */
  link: z.nullable(z.url()),
  /** download identifier for POST /arc/downloadtoken */
  file: z.nullable(z.string()),
  /**
   * the carrier site's shared password an 'anthem' tile shows with the NPN instructions; content for signed-in
   * agents only, so it comes with this authenticated answer and never sits in the web app's public code
   */
  sharedPassword: z.nullable(z.string()),
});
export type DashboardFile = z.infer<typeof DashboardFileSchema>;

export const listDashboardFiles = defineRoute({
  method: 'GET',
  path: '/arc/agent/dashboard/files',
  summary: 'Carrier benefit and first-look documents for this year and next',
  tags: ['dashboard'],
  auth: 'agent',
  responses: { 200: z.object({ files: z.array(DashboardFileSchema) }), 401: ErrorResponseSchema },
});

export const DASHBOARD_FILE_LABELS: Record<number, string> = {
  70: 'Medicare First Looks',
  71: 'ACA First Looks',
  74: 'High Level Overview',
  75: 'Sneak Peeks',
};
export const dashboardFileLabel = (id: number): string => DASHBOARD_FILE_LABELS[id] ?? 'First Look';
export const AETNA_TILE_LABEL = 'Log in - First Look';

/** Next year's tab appears (and is active) only after this day, in the business time zone (`TZ_BUSINESS`). */
export const NEXT_YEAR_TAB_AFTER = { month: 6, day: 18 } as const;

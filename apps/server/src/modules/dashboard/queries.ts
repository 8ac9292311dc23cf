import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dashboardFiles } from '../../db/schema/index.ts';

export type DashboardFileRow = typeof dashboardFiles.$inferSelect;

/** Published tiles only: an agent never sees a draft (docs/decisions/content-publishing.md). */
export async function listDashboardFilesForYears(db: Db, years: number[]): Promise<DashboardFileRow[]> {
  return db
    .select()
    .from(dashboardFiles)
    .where(and(inArray(dashboardFiles.year, years), eq(dashboardFiles.published, true)))
    .orderBy(asc(dashboardFiles.year), asc(dashboardFiles.sortOrder), asc(dashboardFiles.carrier));
}

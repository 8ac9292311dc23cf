import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dashboardFiles } from '../../db/schema/index.ts';

export type DashboardFileRow = typeof dashboardFiles.$inferSelect;

export async function listDashboardFilesForYears(db: Db, years: number[]): Promise<DashboardFileRow[]> {
  return db
    .select()
    .from(dashboardFiles)
    .where(inArray(dashboardFiles.year, years))
    .orderBy(asc(dashboardFiles.year), asc(dashboardFiles.sortOrder), asc(dashboardFiles.carrier));
}

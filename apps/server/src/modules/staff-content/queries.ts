import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dashboardFiles, files } from '../../db/schema/index.ts';

export type DashboardDocumentRow = typeof dashboardFiles.$inferSelect & { fileName: string | null };

const columns = {
  key: dashboardFiles.key,
  documentId: dashboardFiles.documentId,
  year: dashboardFiles.year,
  carrier: dashboardFiles.carrier,
  img: dashboardFiles.img,
  logoType: dashboardFiles.logoType,
  link: dashboardFiles.link,
  sharedPassword: dashboardFiles.sharedPassword,
  fileId: dashboardFiles.fileId,
  sortOrder: dashboardFiles.sortOrder,
  published: dashboardFiles.published,
  fileName: files.name,
};

export async function listDashboardDocuments(db: Db): Promise<DashboardDocumentRow[]> {
  return db
    .select(columns)
    .from(dashboardFiles)
    .leftJoin(files, eq(files.id, dashboardFiles.fileId))
    .orderBy(desc(dashboardFiles.year), asc(dashboardFiles.sortOrder), asc(dashboardFiles.carrier));
}

export async function findDashboardDocument(db: Db | Tx, key: string): Promise<DashboardDocumentRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(dashboardFiles)
    .leftJoin(files, eq(files.id, dashboardFiles.fileId))
    .where(eq(dashboardFiles.key, key))
    .limit(1);
  return row;
}

export async function insertDashboardDocument(db: Db, row: typeof dashboardFiles.$inferInsert): Promise<void> {
  await db.insert(dashboardFiles).values(row);
}

export async function updateDashboardDocument(
  db: Db | Tx,
  key: string,
  values: Partial<typeof dashboardFiles.$inferInsert>,
): Promise<boolean> {
  const rows = await db.update(dashboardFiles).set(values).where(eq(dashboardFiles.key, key)).returning({
    key: dashboardFiles.key,
  });
  return rows.length > 0;
}

export async function insertFileVersion(db: Tx, row: typeof files.$inferInsert): Promise<void> {
  await db.insert(files).values(row);
}

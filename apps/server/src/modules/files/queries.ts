import { and, eq, exists, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dashboardFiles, files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

/**
 * A file this agent may download: shared files (no owner) and the agent's own; a version of a back-office document
 * only while that document is published (decision 107).
 */
export async function findVisibleFile(db: Db, fileId: string, agentId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(
      and(
        eq(files.id, fileId),
        or(isNull(files.ownerAgentId), eq(files.ownerAgentId, agentId)),
        or(
          isNull(files.contentDocumentKey),
          exists(
            db
              .select({ key: dashboardFiles.key })
              .from(dashboardFiles)
              .where(and(eq(dashboardFiles.key, files.contentDocumentKey), eq(dashboardFiles.published, true))),
          ),
        ),
      ),
    )
    .limit(1);
  return row;
}

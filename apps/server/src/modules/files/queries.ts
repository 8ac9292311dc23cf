import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

/** A file this agent may download: shared files (no owner) and the agent's own. */
export async function findVisibleFile(db: Db, fileId: string, agentId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), or(isNull(files.ownerAgentId), eq(files.ownerAgentId, agentId))))
    .limit(1);
  return row;
}

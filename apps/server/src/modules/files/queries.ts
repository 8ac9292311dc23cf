import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { downloadTokens, files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;

/** A file this agent may download: shared files and the agent's own. */
export async function findVisibleFile(db: Db, fileId: string, agentId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), or(isNull(files.ownerAgentId), eq(files.ownerAgentId, agentId))))
    .limit(1);
  return row;
}

export async function insertDownloadToken(
  db: Db,
  values: { tokenHash: string; agentId: string; fileId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(downloadTokens).values(values);
}

/** Spends a token once: only the first caller before expiry gets the file row back. */
export async function consumeDownloadToken(db: Db, tokenHash: string, now: Date): Promise<FileRow | undefined> {
  const [spent] = await db
    .update(downloadTokens)
    .set({ usedAt: now })
    .where(and(eq(downloadTokens.tokenHash, tokenHash), isNull(downloadTokens.usedAt), gt(downloadTokens.expiresAt, now)))
    .returning({ fileId: downloadTokens.fileId, agentId: downloadTokens.agentId });
  if (!spent) return undefined;
  return findVisibleFile(db, spent.fileId, spent.agentId);
}

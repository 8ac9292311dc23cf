import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, emailChanges, files } from '../../db/schema/index.ts';

export type AgentRow = typeof agents.$inferSelect;
type FileInsert = typeof files.$inferInsert;

export async function findAgent(db: Db, agentId: string): Promise<AgentRow | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, agentId)).limit(1);
  return row;
}

/** The agent's own time zone (null: their state's); the row as it is now, or undefined when there is none. */
export async function setAgentTimeZone(
  db: Db,
  agentId: string,
  timeZone: string | null,
  now: Date,
): Promise<AgentRow | undefined> {
  const [row] = await db.update(agents).set({ timeZone, updatedAt: now }).where(eq(agents.id, agentId)).returning();
  return row;
}

/** The stored picture of an agent: its storage key, or undefined when the agent has none. */
export async function findAvatarFile(db: Db, agentId: string) {
  const [row] = await db
    .select({ id: files.id, storageKey: files.storageKey, contentType: files.contentType, size: files.size })
    .from(agents)
    .innerJoin(files, eq(files.id, agents.avatarFileId))
    .where(eq(agents.id, agentId))
    .limit(1);
  return row;
}

/** Records a new picture as the agent's and forgets the previous file row (its bytes were overwritten). */
export async function replaceAvatarFile(db: Db, agentId: string, file: FileInsert, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ avatarFileId: agents.avatarFileId })
      .from(agents)
      .where(eq(agents.id, agentId))
      .for('update');
    await tx.insert(files).values(file);
    await tx.update(agents).set({ avatarFileId: file.id, updatedAt: now }).where(eq(agents.id, agentId));
    if (previous?.avatarFileId && previous.avatarFileId !== file.id) {
      await tx.delete(files).where(eq(files.id, previous.avatarFileId));
    }
  });
}

export async function setAgentPasswordHash(db: Db, agentId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(agents).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(agents.id, agentId));
}

/** A new pending change; the agent's earlier unused links stop working. Run in the caller's transaction. */
export async function insertEmailChange(
  db: Db,
  row: { tokenHash: string; agentId: string; newEmail: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(emailChanges)
    .set({ usedAt: row.createdAt })
    .where(
      and(eq(emailChanges.agentId, row.agentId), isNull(emailChanges.usedAt), eq(emailChanges.purpose, 'confirm')),
    );
  await db.insert(emailChanges).values(row);
}

/** The undo link sent to the old address when a change completes. Run in the caller's transaction. */
export async function insertEmailUndo(
  db: Db,
  row: { tokenHash: string; agentId: string; oldEmail: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  const { oldEmail, ...rest } = row;
  await db.insert(emailChanges).values({ ...rest, newEmail: oldEmail, purpose: 'undo' });
}

/** Spends every unused link of the agent, both kinds (after an undo). */
export async function spendAgentEmailChanges(db: Db, agentId: string, now: Date): Promise<void> {
  await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.agentId, agentId), isNull(emailChanges.usedAt)));
}

/** The address the agent asked for and has not confirmed yet (the newest usable link), or undefined. */
export async function findPendingEmail(db: Db, agentId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ email: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.agentId, agentId),
        eq(emailChanges.purpose, 'confirm'),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.email;
}

/** Spends a link in one conditional UPDATE: of two concurrent uses only one gets the change. */
export async function spendEmailChange(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ agentId: string; email: string; purpose: string } | undefined> {
  const [spent] = await db
    .update(emailChanges)
    .set({ usedAt: now })
    .where(and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, now)))
    .returning({ agentId: emailChanges.agentId, email: emailChanges.newEmail, purpose: emailChanges.purpose });
  return spent;
}

export async function setAgentEmail(db: Db, agentId: string, email: string, now: Date): Promise<void> {
  await db.update(agents).set({ email, updatedAt: now }).where(eq(agents.id, agentId));
}

export async function deleteEmailChangesBefore(db: Db, before: Date): Promise<void> {
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, before));
}

import { and, desc, eq, gt, ilike, inArray, isNotNull, isNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, clients, files, soaLinks, soas, soaVersions } from '../../db/schema/index.ts';

export type SoaRow = typeof soas.$inferSelect;
export type SoaVersionRow = typeof soaVersions.$inferSelect;
export type SoaLinkRow = typeof soaLinks.$inferSelect;

/** Most SOAs the agent's list answers (the newest): years of appointments fit. */
export const AGENT_LIST_LIMIT = 2000;

export async function insertSoa(tx: Db, row: typeof soas.$inferInsert): Promise<void> {
  await tx.insert(soas).values(row);
}

export async function insertVersion(tx: Db, row: typeof soaVersions.$inferInsert): Promise<void> {
  await tx.insert(soaVersions).values(row);
}

export async function insertLink(tx: Db, row: typeof soaLinks.$inferInsert): Promise<void> {
  await tx.insert(soaLinks).values(row);
}

/** Spends every unspent link of the SOA (a newer link, a new version, a cancellation). */
export async function spendLinks(tx: Db, soaId: string, now: Date): Promise<void> {
  await tx
    .update(soaLinks)
    .set({ usedAt: now })
    .where(and(eq(soaLinks.soaId, soaId), isNull(soaLinks.usedAt)));
}

/** The agent's SOA, locked for a change in the caller's transaction; undefined for anyone else's. */
export async function lockAgentSoa(tx: Db, soaId: string, agentId: string): Promise<SoaRow | undefined> {
  const [row] = await tx
    .select()
    .from(soas)
    .where(and(eq(soas.id, soaId), eq(soas.agentId, agentId)))
    .for('update');
  return row;
}

export async function findSoa(db: Db, soaId: string, agentId?: string): Promise<SoaRow | undefined> {
  const [row] = await db
    .select()
    .from(soas)
    .where(and(eq(soas.id, soaId), agentId ? eq(soas.agentId, agentId) : undefined));
  return row;
}

export async function versionsOf(db: Db, soaIds: readonly string[]): Promise<SoaVersionRow[]> {
  if (soaIds.length === 0) return [];
  return db
    .select()
    .from(soaVersions)
    .where(inArray(soaVersions.soaId, [...soaIds]))
    .orderBy(soaVersions.soaId, desc(soaVersions.version));
}

export async function setVersion(
  tx: Db,
  soaId: string,
  version: number,
  values: Partial<typeof soaVersions.$inferInsert>,
): Promise<void> {
  await tx
    .update(soaVersions)
    .set(values)
    .where(and(eq(soaVersions.soaId, soaId), eq(soaVersions.version, version)));
}

export async function setSoa(tx: Db, soaId: string, values: Partial<typeof soas.$inferInsert>): Promise<void> {
  await tx.update(soas).set(values).where(eq(soas.id, soaId));
}

/** The agent's SOAs with their current version (the newest first). */
export async function selectAgentSoas(db: Db, agentId: string): Promise<{ soa: SoaRow; version: SoaVersionRow }[]> {
  return db
    .select({ soa: soas, version: soaVersions })
    .from(soas)
    .innerJoin(soaVersions, and(eq(soaVersions.soaId, soas.id), eq(soaVersions.version, soas.currentVersion)))
    .where(eq(soas.agentId, agentId))
    .orderBy(desc(soas.createdAt), desc(soas.id))
    .limit(AGENT_LIST_LIMIT);
}

/** The SOAs linked to a client (issue 46) with their current version, newest first. */
export async function selectClientSoas(db: Db, clientId: string): Promise<{ soa: SoaRow; version: SoaVersionRow }[]> {
  return db
    .select({ soa: soas, version: soaVersions })
    .from(soas)
    .innerJoin(soaVersions, and(eq(soaVersions.soaId, soas.id), eq(soaVersions.version, soas.currentVersion)))
    .where(eq(soas.clientId, clientId))
    .orderBy(desc(soas.createdAt), desc(soas.id))
    .limit(AGENT_LIST_LIMIT);
}

/**
 * The signed, not cancelled SOAs of these clients as they stand (their current version): what the beneficiary agreed
 * to talk about, when the appointment was and when they signed (the enrollment's scope check, issue 46).
 */
export async function selectSignedScopes(db: Db, clientIds: readonly string[]) {
  if (clientIds.length === 0) return [];
  return db
    .select({
      clientId: soas.clientId,
      appointmentAt: soaVersions.appointmentAt,
      signedAt: soaVersions.signedAt,
      products: soaVersions.productsAgreed,
    })
    .from(soas)
    .innerJoin(soaVersions, and(eq(soaVersions.soaId, soas.id), eq(soaVersions.version, soas.currentVersion)))
    .where(and(inArray(soas.clientId, [...clientIds]), isNull(soas.cancelledAt), isNotNull(soaVersions.signedAt)));
}

/** A link by its token's hash, with its SOA and version (whatever its state). */
export async function findLink(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ link: soaLinks, soa: soas, version: soaVersions })
    .from(soaLinks)
    .innerJoin(soas, eq(soas.id, soaLinks.soaId))
    .innerJoin(soaVersions, and(eq(soaVersions.soaId, soaLinks.soaId), eq(soaVersions.version, soaLinks.version)))
    .where(eq(soaLinks.tokenHash, tokenHash));
  return row;
}

/**
 * Spends the link for the signature in one conditional UPDATE (of two concurrent signatures only one wins), and the
 * version's other links with it: each then shows the confirmation. Answers whether this link was usable.
 */
export async function spendLinkForSignature(tx: Db, tokenHash: string, now: Date): Promise<SoaLinkRow | undefined> {
  const [link] = await tx
    .update(soaLinks)
    .set({ usedAt: now, isSigned: true })
    .where(and(eq(soaLinks.tokenHash, tokenHash), isNull(soaLinks.usedAt), gt(soaLinks.expiresAt, now)))
    .returning();
  if (!link) return undefined;
  await tx
    .update(soaLinks)
    .set({ usedAt: now, isSigned: true })
    .where(and(eq(soaLinks.soaId, link.soaId), eq(soaLinks.version, link.version), isNull(soaLinks.usedAt)));
  return link;
}

/** Signs the version only if it is still unsigned and current: answers false otherwise. */
export async function signVersion(
  tx: Db,
  soaId: string,
  version: number,
  values: Partial<typeof soaVersions.$inferInsert>,
): Promise<boolean> {
  const rows = await tx
    .update(soaVersions)
    .set(values)
    .where(
      and(
        eq(soaVersions.soaId, soaId),
        eq(soaVersions.version, version),
        isNull(soaVersions.signedAt),
        isNull(soaVersions.replacedAt),
      ),
    )
    .returning({ version: soaVersions.version });
  return rows.length === 1;
}

export async function markOpened(db: Db, soaId: string, version: number, now: Date): Promise<void> {
  await db
    .update(soaVersions)
    .set({ openedAt: now })
    .where(and(eq(soaVersions.soaId, soaId), eq(soaVersions.version, version), isNull(soaVersions.openedAt)));
}

/** The ZIP of the client an SOA is linked to (the beneficiary's area for the TPMO disclaimer), if one is recorded. */
export async function selectClientZip(db: Db, clientId: string, agentId: string): Promise<string | null> {
  const [row] = await db
    .select({ zip: clients.zip })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.agentId, agentId)))
    .limit(1);
  return row?.zip ? row.zip.slice(0, 5) : null;
}

export async function selectAgent(db: Db, agentId: string) {
  const [row] = await db
    .select({
      id: agents.id,
      npn: agents.npn,
      firstName: agents.firstName,
      lastName: agents.lastName,
      email: agents.email,
      phone: agents.mobilePhone,
      status: agents.status,
      state: agents.state,
      timeZone: agents.timeZone,
    })
    .from(agents)
    .where(eq(agents.id, agentId));
  return row;
}

export async function insertFile(tx: Db, row: typeof files.$inferInsert): Promise<void> {
  await tx.insert(files).values(row);
}

export async function selectFile(db: Db, fileId: string) {
  const [row] = await db.select().from(files).where(eq(files.id, fileId));
  return row;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Staff look-up: by the agent's NPN and/or the start of the beneficiary's name or e-mail, newest first. */
export async function selectStaffSoas(
  db: Db,
  filter: { npn?: string | undefined; beneficiary?: string | undefined },
  limit: number,
) {
  const prefix = filter.beneficiary ? `${escapeLike(filter.beneficiary.toLowerCase())}%` : undefined;
  return db
    .select({
      soa: soas,
      version: soaVersions,
      agent: { npn: agents.npn, firstName: agents.firstName, lastName: agents.lastName },
    })
    .from(soas)
    .innerJoin(soaVersions, and(eq(soaVersions.soaId, soas.id), eq(soaVersions.version, soas.currentVersion)))
    .innerJoin(agents, eq(agents.id, soas.agentId))
    .where(
      and(
        filter.npn ? eq(agents.npn, filter.npn) : undefined,
        prefix
          ? or(
              sql`lower(${soas.beneficiaryName}) like ${prefix}`,
              sql`lower(${soas.email}) like ${prefix}`,
              ilike(soas.beneficiaryName, `% ${prefix}`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(soas.createdAt), desc(soas.id))
    .limit(limit);
}

/** SOAs every version of which is past its retention (`retain_until`), a batch at a time. */
export async function selectPurgeable(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ soaId: soaVersions.soaId })
    .from(soaVersions)
    .groupBy(soaVersions.soaId)
    .having(lt(max(soaVersions.retainUntil), now))
    .limit(limit);
  return rows.map((r) => r.soaId);
}

export async function fileIdsOf(db: Db, soaIds: readonly string[]) {
  const rows = await db
    .select({ id: files.id, storageKey: files.storageKey })
    .from(soaVersions)
    .innerJoin(files, eq(files.id, soaVersions.fileId))
    .where(inArray(soaVersions.soaId, [...soaIds]));
  return rows;
}

/** Deletes the SOAs (versions and links go with them), then their PDFs' file rows. */
export async function deleteSoas(tx: Db, soaIds: readonly string[], fileIds: readonly string[]): Promise<void> {
  await tx.delete(soas).where(inArray(soas.id, [...soaIds]));
  if (fileIds.length > 0) await tx.delete(files).where(inArray(files.id, [...fileIds]));
}

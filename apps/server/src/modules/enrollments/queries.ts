import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, enrollmentLog, enrollments, files, uploadQuotaDays } from '../../db/schema/index.ts';

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type NewEnrollmentRow = typeof enrollments.$inferInsert;
export type NewFileRow = typeof files.$inferInsert;

/** An enrollment with the name of its uploaded file (null when it came without one). */
export type EnrollmentWithFile = EnrollmentRow & { fileName: string | null };

const enrollmentColumns = {
  id: enrollments.id,
  agentId: enrollments.agentId,
  status: enrollments.status,
  reason: enrollments.reason,
  mode: enrollments.mode,
  clientFirst: enrollments.clientFirst,
  clientLast: enrollments.clientLast,
  clientState: enrollments.clientState,
  carrierName: enrollments.carrierName,
  productName: enrollments.productName,
  fileId: enrollments.fileId,
  receivedAt: enrollments.receivedAt,
  updatedAt: enrollments.updatedAt,
  version: enrollments.version,
  fileName: files.name,
};

/** The agent's enrollments, newest first. An agent has at most a few thousand; the index covers the order. */
export async function listAgentEnrollments(db: Db, agentId: string): Promise<EnrollmentWithFile[]> {
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .leftJoin(files, eq(files.id, enrollments.fileId))
    .where(eq(enrollments.agentId, agentId))
    .orderBy(desc(enrollments.receivedAt), desc(enrollments.id));
}

export interface EnrollmentKey {
  receivedAt: Date;
  id: string;
}

/** One page of the agent's enrollments, newest first, after `after` (keyset: short queries for long exports). */
export async function pageAgentEnrollments(
  db: Db,
  agentId: string,
  after: EnrollmentKey | undefined,
  limit: number,
): Promise<EnrollmentWithFile[]> {
  const older = after
    ? or(
        lt(enrollments.receivedAt, after.receivedAt),
        and(eq(enrollments.receivedAt, after.receivedAt), lt(enrollments.id, after.id)),
      )
    : undefined;
  return db
    .select(enrollmentColumns)
    .from(enrollments)
    .leftJoin(files, eq(files.id, enrollments.fileId))
    .where(and(eq(enrollments.agentId, agentId), older))
    .orderBy(desc(enrollments.receivedAt), desc(enrollments.id))
    .limit(limit);
}

/** Records an uploaded file and its enrollment together: both rows or neither. */
export async function insertUploadedEnrollment(
  db: Db,
  file: NewFileRow,
  enrollment: NewEnrollmentRow,
): Promise<EnrollmentWithFile> {
  return db.transaction(async (tx) => {
    await tx.insert(files).values(file);
    const [row] = await tx.insert(enrollments).values(enrollment).returning();
    return { ...row!, fileName: file.name };
  });
}

export type StaffEnrollmentRow = EnrollmentWithFile & { agentNpn: string; agentFirst: string; agentLast: string };

const staffColumns = {
  ...enrollmentColumns,
  agentNpn: agents.npn,
  agentFirst: agents.firstName,
  agentLast: agents.lastName,
};

export async function findStaffEnrollments(
  db: Db,
  filter: { npn?: string | undefined; status?: string | undefined; id?: string },
  limit = 200,
): Promise<StaffEnrollmentRow[]> {
  const conditions: SQL[] = [];
  if (filter.npn) conditions.push(eq(agents.npn, filter.npn));
  if (filter.status) conditions.push(eq(enrollments.status, filter.status));
  if (filter.id) conditions.push(eq(enrollments.id, filter.id));
  return db
    .select(staffColumns)
    .from(enrollments)
    .innerJoin(agents, eq(agents.id, enrollments.agentId))
    .leftJoin(files, eq(files.id, enrollments.fileId))
    .where(and(...conditions))
    .orderBy(desc(enrollments.receivedAt), desc(enrollments.id))
    .limit(limit);
}

/**
 * Moves an enrollment only if it is still in `from` (one conditional UPDATE), so two staff members
 * changing it at once cannot both win; the version rises, so the back-office queue's open copies go stale
 * (docs/decisions/enrollments.md), and the enrollment's log gets `logLine` in the same transaction. Answers false when
 * it was not in `from` any more.
 */
export async function updateEnrollmentIfStatus(
  db: Db,
  id: string,
  from: string,
  changes: Partial<NewEnrollmentRow>,
  logLine: string | undefined,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(enrollments)
      .set({ ...changes, version: sql`${enrollments.version} + 1` })
      .where(and(eq(enrollments.id, id), eq(enrollments.status, from)))
      .returning({ id: enrollments.id });
    if (rows.length === 0) return false;
    if (logLine) {
      await tx.insert(enrollmentLog).values({
        enrollmentId: id,
        at: changes.updatedAt ?? new Date(),
        staffId: null,
        by: 'Integration',
        action: logLine,
      });
    }
    return true;
  });
}

/**
 * Counts one upload of `bytes` against the agent's day, only if it stays within both limits: one statement, so
 * parallel uploads are counted one after the other. False when the quota would be exceeded (nothing counted).
 */
export async function reserveUploadQuota(
  db: Db,
  key: { agentId: string; day: string },
  bytes: number,
  limits: { uploads: number; bytes: number },
): Promise<boolean> {
  const rows = await db
    .insert(uploadQuotaDays)
    .values({ ...key, uploads: 1, bytes })
    .onConflictDoUpdate({
      target: [uploadQuotaDays.agentId, uploadQuotaDays.day],
      set: { uploads: sql`${uploadQuotaDays.uploads} + 1`, bytes: sql`${uploadQuotaDays.bytes} + ${bytes}` },
      setWhere: sql`${uploadQuotaDays.uploads} < ${limits.uploads} and ${uploadQuotaDays.bytes} + ${bytes} <= ${limits.bytes}`,
    })
    .returning({ uploads: uploadQuotaDays.uploads });
  return rows.length > 0;
}

/** Corrects a reservation: `uploads` and `bytes` are added (negative to give back). */
export async function adjustUploadQuota(
  db: Db,
  key: { agentId: string; day: string },
  change: { uploads: number; bytes: number },
): Promise<void> {
  await db
    .update(uploadQuotaDays)
    .set({
      uploads: sql`greatest(${uploadQuotaDays.uploads} + ${change.uploads}, 0)`,
      bytes: sql`greatest(${uploadQuotaDays.bytes} + ${change.bytes}, 0)`,
    })
    .where(and(eq(uploadQuotaDays.agentId, key.agentId), eq(uploadQuotaDays.day, key.day)));
}

/** Deletes the quota rows of days before `day` (YYYY-MM-DD sorts as text). */
export const deleteUploadQuotaBefore = (db: Db, day: string) =>
  db.delete(uploadQuotaDays).where(lt(uploadQuotaDays.day, day));

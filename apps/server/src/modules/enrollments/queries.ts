import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { agents, clients, enrollmentLog, enrollments, files, uploadQuotaDays } from '../../db/schema/index.ts';

export type EnrollmentRow = typeof enrollments.$inferSelect;
export type NewEnrollmentRow = typeof enrollments.$inferInsert;
export type NewFileRow = typeof files.$inferInsert;

/**
 * An enrollment with the name of its uploaded file (null when it came without one); the back office's assignment
 * and "done" time are the staff queue's (modules/staff-enrollments).
 */
export type EnrollmentWithFile = Omit<EnrollmentRow, 'assigneeId' | 'doneAt'> & { fileName: string | null };

/**
 * An enrollment's columns; its client's name is the linked client's (issue 46) when it has one, else the name filled
 * in on the enrollment itself. Every query reading them joins `clients` (clientJoin).
 */
const enrollmentColumns = {
  id: enrollments.id,
  agentId: enrollments.agentId,
  status: enrollments.status,
  reason: enrollments.reason,
  mode: enrollments.mode,
  clientFirst: sql<string | null>`coalesce(${clients.firstName}, ${enrollments.clientFirst})`,
  clientLast: sql<string | null>`coalesce(${clients.lastName}, ${enrollments.clientLast})`,
  clientState: enrollments.clientState,
  carrierName: enrollments.carrierName,
  productName: enrollments.productName,
  fileId: enrollments.fileId,
  clientId: enrollments.clientId,
  planId: enrollments.planId,
  productType: enrollments.productType,
  effectiveDate: enrollments.effectiveDate,
  applicationNumber: enrollments.applicationNumber,
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
    .leftJoin(clients, eq(clients.id, enrollments.clientId))
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
    .leftJoin(clients, eq(clients.id, enrollments.clientId))
    .where(and(eq(enrollments.agentId, agentId), older))
    .orderBy(desc(enrollments.receivedAt), desc(enrollments.id))
    .limit(limit);
}

/**
 * Records an uploaded file and its enrollment together, and then whatever `andThen` writes in the same transaction
 * (the client's link): all rows or none. Answers the enrollment as the agent's list reads it.
 */
export async function insertUploadedEnrollment(
  db: Db,
  file: NewFileRow,
  enrollment: NewEnrollmentRow,
  andThen?: (tx: Tx) => Promise<void>,
): Promise<EnrollmentWithFile> {
  return db.transaction(async (tx) => {
    await tx.insert(files).values(file);
    await tx.insert(enrollments).values(enrollment);
    await andThen?.(tx);
    const [row] = await tx
      .select(enrollmentColumns)
      .from(enrollments)
      .leftJoin(files, eq(files.id, enrollments.fileId))
      .leftJoin(clients, eq(clients.id, enrollments.clientId))
      .where(eq(enrollments.id, enrollment.id));
    return row!;
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
    .leftJoin(clients, eq(clients.id, enrollments.clientId))
    .where(and(...conditions))
    .orderBy(desc(enrollments.receivedAt), desc(enrollments.id))
    .limit(limit);
}

/** The enrollment with what a status change needs (its agent, for the audit log and the notification), locked
 * until the transaction ends (`for update`), so concurrent changes of it happen one after the other. */
export async function selectEnrollmentForUpdate(tx: Tx, id: string): Promise<EnrollmentWithFile | undefined> {
  const [row] = await tx
    .select(enrollmentColumns)
    .from(enrollments)
    .leftJoin(files, eq(files.id, enrollments.fileId))
    .leftJoin(clients, eq(clients.id, enrollments.clientId))
    .where(eq(enrollments.id, id))
    .limit(1)
    .for('update', { of: enrollments });
  return row;
}

export type EnrollmentChange = Partial<
  Pick<
    NewEnrollmentRow,
    | 'status'
    | 'reason'
    | 'updatedAt'
    | 'clientFirst'
    | 'clientLast'
    | 'clientState'
    | 'carrierName'
    | 'productName'
    | 'doneAt'
    | 'planId'
    | 'productType'
    | 'effectiveDate'
    | 'applicationNumber'
  >
>;

/** Applies a change at the version the caller read, raising it; answers false when the version moved on. */
export async function updateEnrollmentAtVersion(tx: Tx, id: string, version: number, change: EnrollmentChange) {
  const rows = await tx
    .update(enrollments)
    .set({ ...change, version: sql`${enrollments.version} + 1` })
    .where(and(eq(enrollments.id, id), eq(enrollments.version, version)))
    .returning({ id: enrollments.id });
  return rows.length === 1;
}

/** One line of the enrollment's log (docs/decisions/enrollments.md): who moved it, and how. */
export const insertLogEntry = (tx: Tx, row: typeof enrollmentLog.$inferInsert) => tx.insert(enrollmentLog).values(row);

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

import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { telemetryEvents } from '../../db/schema/index.ts';

export async function insertTelemetryEvent(
  db: Db,
  values: { id: string; agentId: string | null; event: string; data: unknown; createdAt: Date },
): Promise<void> {
  await db.insert(telemetryEvents).values(values);
}

/** Deletes the events recorded before `before`; answers how many. */
export async function deleteTelemetryBefore(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(telemetryEvents)
    .where(lt(telemetryEvents.createdAt, before))
    .returning({ one: sql<number>`1` });
  return deleted.length;
}

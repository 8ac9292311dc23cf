import type { Db } from '../../db/client.ts';
import { telemetryEvents } from '../../db/schema/index.ts';

export async function insertTelemetryEvent(
  db: Db,
  values: { id: string; agentId: string | null; event: string; data: unknown; createdAt: Date },
): Promise<void> {
  await db.insert(telemetryEvents).values(values);
}

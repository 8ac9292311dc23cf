import type { Db } from '../db/client.ts';
import { purgeExpiredPayloads } from './adapter.ts';
import { purgeStaleThrottles } from './throttle.ts';

/** Expired provider rows and stale sign-in throttles; a scheduled job (./jobs.ts). */
export async function purgeIdentityRows(db: Db): Promise<void> {
  await purgeExpiredPayloads(db);
  await purgeStaleThrottles(db);
}

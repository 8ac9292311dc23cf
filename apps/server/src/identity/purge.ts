import type { Db } from '../db/client.ts';
import { purgeExpiredPayloads } from './adapter.ts';
import { purgeStaleThrottles } from './throttle.ts';

export const PURGE_EVERY_MS = 10 * 60 * 1000;

/** Expired provider rows and stale sign-in throttles; run every PURGE_EVERY_MS by the identity plugin. */
export async function purgeIdentityRows(db: Db): Promise<void> {
  await purgeExpiredPayloads(db);
  await purgeStaleThrottles(db);
}

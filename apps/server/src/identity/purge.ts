import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { purgeOldActionTokens } from './account-service.ts';
import { purgeExpiredPayloads } from './adapter.ts';
import { purgeStaleThrottles } from './throttle.ts';

export const PURGE_EVERY_MS = 10 * 60 * 1000;

export async function purgeIdentityRows(db: Db): Promise<void> {
  await purgeExpiredPayloads(db);
  await purgeStaleThrottles(db);
  await purgeOldActionTokens(db);
}

/** Expired provider rows, stale throttles and old links go every few minutes; returns the stop function. */
export function startIdentityPurge(db: Db, log: FastifyBaseLogger, everyMs = PURGE_EVERY_MS): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = purgeIdentityRows(db)
      .catch((err: unknown) => log.warn({ err }, 'identity purge failed'))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

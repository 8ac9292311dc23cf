import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../platform/clock.ts';
import type { Storage } from '../platform/storage.ts';
export async function seedDemoData(_options: { db: Db; storage: Storage; clock: Clock; config: Config }): Promise<void> {}

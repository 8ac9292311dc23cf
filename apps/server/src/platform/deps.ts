import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { ProviderSecrets } from '../identity/keys.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mailer.ts';
import type { Storage } from './storage.ts';

/** What buildApp needs from outside; main.ts builds the real ones, tests swap the clock or the mailer. */
export interface AppDeps {
  config: Config;
  database: Database;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  secrets: ProviderSecrets;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    db: Db;
  }
}

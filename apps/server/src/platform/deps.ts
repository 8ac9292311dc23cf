import type { JsonWebKey } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { Mailer } from './mailer.ts';
import type { Storage } from './storage.ts';

/** The identity provider's keys as stored (identity/keys.ts makes and rotates them). */
export interface ProviderSecrets {
  /** private signing keys, newest first (RS256) */
  jwks: { keys: JsonWebKeyWithKid[] };
  /** cookie signing keys, newest first */
  cookieKeys: string[];
}

export interface JsonWebKeyWithKid extends JsonWebKey {
  kid: string;
  alg: string;
  use: string;
}

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

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadOrCreateProviderSecrets } from '../identity/keys.ts';
import { fixedClock, systemClock, type Clock } from '../platform/clock.ts';
import { createMailer } from '../platform/mailer.ts';
import { createStorage } from '../platform/storage.ts';
import { PGLITE_TEMPLATE, PG_TEMPLATE_DB } from './global-setup.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: Clock;
  close(): Promise<void>;
}

export interface CreateTestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** PostgreSQL only: the URL the app connects with, given the fresh database's (a fault test adds a proxy) */
  connectThrough?: (databaseUrl: URL) => URL;
  /**
   * Another test app whose database this one uses instead of a fresh one, as a second replica would: for an app
   * with other settings whose test reads no data the first app's tests write (a fresh database is most of the
   * cost of an app). Closing this app leaves the database to its owner.
   */
  databaseOf?: TestApp;
}

/**
 * A whole app on a fresh database: PGlite cloned from the migrated template, or — when
 * DATABASE_URL is set — a new PostgreSQL database created from the template database.
 */
export async function createTestApp(options: CreateTestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-test-'));
  const { database, cleanup } = options.databaseOf
    ? { database: options.databaseOf.database, cleanup: async () => {} }
    : await freshDatabase(options.connectThrough);
  const config = loadConfig(
    {
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      // tests write rows directly; a cached answer would hide them
      USER_CACHE_TTL_MS: '0',
      // every test signs in from 127.0.0.1 unless it says otherwise; the limit itself is tested in
      // identity/provider-modes.test.ts
      AUTHORIZATIONS_PER_MINUTE: '100000',
      // the schedules are declared but not sent on the wall clock: a purge at minute 10 would run mid-test (a test
      // runs a schedule's job itself, through app.jobs or the job's function)
      JOB_SCHEDULES: 'false',
      ...options.env,
    },
    process.cwd(),
  );
  const secrets = await loadOrCreateProviderSecrets(database.db);
  const clock = options.clock ?? systemClock;
  const app = await buildApp(
    {
      config,
      database,
      clock,
      mailer: createMailer({ config, db: database.db }),
      storage: await createStorage(config),
      secrets,
    },
    { logger: false },
  );
  await app.ready();
  return {
    app,
    database,
    config,
    clock,
    close: async () => {
      await app.close();
      if (!options.databaseOf) await database.close();
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function freshDatabase(
  connectThrough: CreateTestAppOptions['connectThrough'],
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = fs.readFileSync(PGLITE_TEMPLATE);
    const database = await openDatabase({ loadDataDir: new Blob([dump]) });
    return { database, cleanup: async () => {} };
  }
  const name = `arc_t_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: (connectThrough ? connectThrough(dbUrl) : dbUrl).toString() });
  return {
    database,
    cleanup: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export { fixedClock };

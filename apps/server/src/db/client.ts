import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../paths.ts';
import { ensureAppendOnly } from './append-only.ts';
import { loadReferenceData } from './reference-data.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
/** The handle a `db.transaction` callback gets: queries on it run inside that transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the embedded database's one connection (the job queue runs on it, platform/jobs.ts); absent with PostgreSQL */
  pglite?: PGlite;
  /** PostgreSQL's address (the job queue opens its own small pool on it); absent with the embedded database */
  url?: string;
  /** applies the migrations and the append-only guards, then loads the bundled reference data (places) when it changed */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL's connection pool now: clients open, idle, and requests waiting for one (LOAD_METRICS) */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * The embedded database's buffer pool (docs/decisions/server-runtime.md). PostgreSQL's default is 128 MB, and PGlite
 * sets the pool up on every open, in WebAssembly on the main thread: it was most of a restart's time. The embedded
 * database serves one portal; a smaller pool opens 0.3 s sooner and leaves the rest to the operating system's file
 * cache.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** PGlite's own start parameters with the buffer pool set */
export function pgliteStartParams(sharedBuffers: string = PGLITE_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'src/db/migrations');

interface LoggerLike {
  error(obj: unknown, msg?: string): void;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` keeps it in memory */
  dataDir?: string | undefined;
  /** a PGlite data directory dump (tar) to start from, used by tests to skip migrations */
  loadDataDir?: Blob | undefined;
  /** PGlite's buffer pool (`shared_buffers`), e.g. `32MB`; the default is {@link PGLITE_SHARED_BUFFERS} */
  sharedBuffers?: string | undefined;
  logger?: LoggerLike;
}

/** where the configured database is: PostgreSQL at `DATABASE_URL`, else PGlite in the data directory */
export function configuredDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteSharedBuffers: string | undefined;
}): OpenDatabaseOptions {
  return config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { dataDir: `${config.dataDir}/pgdata`, sharedBuffers: config.pgliteSharedBuffers };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the database is away a request fails within this time (503 with Retry-After) instead of hanging
      // on a connection that never comes; that includes waiting for a free client of the pool.
      connectionTimeoutMillis: 5000,
      // a connection cut without a FIN (a network partition) is noticed by the kernel instead of never
      keepAlive: true,
    });
    // An idle connection dropped by the server must not bring the process down: log and let the pool reconnect.
    pool.on('error', (err) => options.logger?.error({ err }, 'postgres pool error'));
    // Nor one dropped while checked out: node-postgres then emits 'error' on the client itself, where the pool
    // listens only while the client is idle. The query in flight fails (503, platform/database-errors.ts), and
    // the broken client goes back to the pool at once, to be discarded: Drizzle's transaction() never releases
    // its client when `begin` fails, so without this every outage would leak clients until the pool is empty.
    const checkedOut = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_err, client) => checkedOut.delete(client));
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        options.logger?.error({ err }, 'postgres connection lost');
        if (!checkedOut.has(client)) return;
        const release = client.release;
        // whoever holds it may still release it: that must not throw (pg-pool refuses a second release)
        client.release = () => undefined;
        release(err);
      });
    });
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      migrate: async () => {
        await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
        await ensureAppendOnly(db);
        await loadReferenceData(db);
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: pgliteStartParams(options.sharedBuffers),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await ensureAppendOnly(db);
      await loadReferenceData(db);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

export { schema };

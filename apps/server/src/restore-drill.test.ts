import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import type { BackupManifest } from './db/backup.ts';
import { openDatabase, type Database } from './db/client.ts';
import { loadOrCreateProviderSecrets } from './identity/keys.ts';
import { systemClock } from './platform/clock.ts';
import { createMailer } from './platform/mailer.ts';
import { createStorage, type Storage } from './platform/storage.ts';
import { insertAgent, insertFile, insertSupplyOrder } from './seed/factories.ts';
import { PGLITE_TEMPLATE, PG_TEMPLATE_DB } from './test/global-setup.ts';
import { multipart } from './test/multipart.ts';
import { startS3Server, type S3TestServer } from './test/s3.ts';
import { bearer, mintAccessToken } from './test/tokens.ts';

/**
 * The restore drill (docs/decisions/outages-readiness-backup.md): data loaded through the app, `npm run backup` and
 * `npm run restore` run as the operator runs them (their own processes), the database and the files destroyed in
 * between, and everything back: every row of every table as it was, every file downloaded through the API byte for
 * byte. On the embedded database in the default pass, on PostgreSQL in the PostgreSQL pass (pg_dump / pg_restore); each
 * with the files on disk and in an S3 bucket (s3rver).
 */
const postgresUrl = process.env.DATABASE_URL;
const kind = postgresUrl ? 'postgres' : 'pglite';
const SERVER = import.meta.dirname;

interface Site {
  app: FastifyInstance;
  database: Database;
  config: Config;
  storage: Storage;
  close(): Promise<void>;
}

/** The portal of one data directory (and database), as the server opens it. */
async function openSite(env: Record<string, string>): Promise<Site> {
  const config = loadConfig(
    { PUBLIC_URL: 'http://localhost:8080', DEMO_DATA: 'false', LOG_LEVEL: 'silent', USER_CACHE_TTL_MS: '0', ...env },
    process.cwd(),
  );
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pgdata') },
  );
  const storage = await createStorage(config);
  const app = await buildApp(
    {
      config,
      database,
      clock: systemClock,
      mailer: createMailer({ config, db: database.db }),
      storage,
      secrets: await loadOrCreateProviderSecrets(database.db),
    },
    { logger: false },
  );
  await app.ready();
  return {
    app,
    database,
    config,
    storage,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * `npm run backup` / `npm run restore`: the command in its own process, on the site's configuration (not
 * spawnSync: the S3 server the command talks to runs in this process)
 */
async function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(SERVER, `db/cli/${name}.ts`), ...args], {
    env: { ...process.env, LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 60_000,
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [status] = (await once(child, 'close')) as [number | null];
  return { status, stderr };
}

/** every table of the public schema, each as the sorted text of all its rows */
async function everyRow(database: Database): Promise<Record<string, string>> {
  const tables = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { table_name: name } of tables.rows) {
    const rows = await database.db.execute<{ all: string | null }>(
      sql.raw(`select string_agg(t::text, E'\\n' order by t::text) as all from public."${name}" t`),
    );
    out[name] = rows.rows[0]!.all ?? '';
  }
  return out;
}

async function download(site: Site, agentId: string, fileId: string): Promise<Buffer> {
  const token = await mintAccessToken({ app: site.app, config: site.config } as never, { agentId });
  const made = await site.app.inject({
    method: 'POST',
    url: '/arc/downloadtoken',
    headers: bearer(token),
    payload: { file: fileId },
  });
  expect(made.statusCode).toBe(200);
  const res = await site.app.inject({ method: 'GET', url: `/arc/download/${made.json<{ token: string }>().token}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** a fresh, migrated database for the site: PostgreSQL from the test template, PGlite from its template dump */
async function freshSiteEnv(dataDir: string): Promise<Record<string, string>> {
  if (!postgresUrl) {
    const seeded = await openDatabase({
      dataDir: path.join(dataDir, 'pgdata'),
      loadDataDir: new Blob([fs.readFileSync(PGLITE_TEMPLATE)]),
    });
    await seeded.close();
    return { DATA_DIR: dataDir };
  }
  const name = `arc_backup_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return { DATA_DIR: dataDir, DATABASE_URL: url.toString(), dbName: name };
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

describe.each([{ files: 'disk' as const }, { files: 's3' as const }])(
  `restore drill on ${kind}, files on $files`,
  ({ files }) => {
    it('backs up, survives losing the database and the files, restores everything byte for byte', async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arc-drill-'));
      const backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'arc-backup-')), 'arc-backup');
      cleanups.push(async () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
      });
      let s3: S3TestServer | undefined;
      if (files === 's3') {
        s3 = await startS3Server();
        cleanups.push(() => s3!.close());
      }
      const { dbName, ...siteEnv } = { ...(await freshSiteEnv(dataDir)), ...s3?.env };

      // ── load: agents, an order, an enrollment with its PDF, an uploaded file, audit rows ──────────────────
      let site = await openSite(siteEnv);
      const [walter, ruth] = [
        await insertAgent(site.database.db, { firstName: 'Walter' }),
        await insertAgent(site.database.db, { firstName: 'Ruth' }),
      ];
      await insertSupplyOrder(site.database.db, { agentId: walter.id });
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(200_000), Buffer.from('\n%%EOF\n')]);
      const body = multipart([
        { name: 'radio1', value: 'newapp' },
        { name: 'enrollment', filename: 'Smith John SOA.pdf', body: pdf },
      ]);
      const enrolled = await site.app.inject({
        method: 'POST',
        url: '/arc/agent/enrollments',
        headers: {
          ...bearer(await mintAccessToken({ app: site.app, config: site.config } as never, { agentId: walter.id })),
          'content-type': body.contentType,
        },
        payload: body.buffer(),
      });
      expect(enrolled.statusCode).toBe(201);
      const enrollmentFile = await site.database.db.execute<{ file_id: string }>(
        sql`select file_id from enrollments where agent_id = ${walter.id}`,
      );
      const uploaded = await insertFile(site.database.db, site.storage, {
        name: 'Carrier guide.bin',
        contentType: 'application/octet-stream',
        body: randomBytes(300_000),
        ownerAgentId: ruth.id,
      });
      const expected = new Map<string, { agentId: string; bytes: Buffer }>([
        [enrollmentFile.rows[0]!.file_id, { agentId: walter.id, bytes: pdf }],
        [uploaded.id, { agentId: ruth.id, bytes: Buffer.alloc(0) }],
      ]);
      // each download is an audit row; the bytes the API answered are the reference
      for (const [fileId, entry] of expected) entry.bytes = await download(site, entry.agentId, fileId);
      expect(expected.get(enrollmentFile.rows[0]!.file_id)!.bytes.equals(pdf)).toBe(true);
      const before = await everyRow(site.database);
      const storageKeys = (
        await site.database.db.execute<{ storage_key: string }>(sql`select storage_key from files order by storage_key`)
      ).rows.map((row) => row.storage_key);
      expect(storageKeys).toHaveLength(2);
      expect(before.agents!.split('\n')).toHaveLength(2);
      expect(before.supply_orders).not.toBe('');
      expect(before.enrollments).not.toBe('');
      expect(before.audit_log!.split('\n').length).toBeGreaterThanOrEqual(2);
      await site.close();

      // ── backup ────────────────────────────────────────────────────────────────────────────────────────
      const backup = await command('backup', ['--out', backupDir], siteEnv);
      expect(backup.stderr).toContain('Backed up');
      expect(backup.status).toBe(0);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
      expect(manifest.database).toMatchObject({ kind, migration: { last: expect.stringMatching(/^\d{4}_/) } });
      expect(manifest.database.tables).toMatchObject({ agents: 2, supply_orders: 1, enrollments: 1 });
      expect(manifest.files.map((f) => f.key).sort()).toEqual(storageKeys);

      // a database that holds data is refused
      const refused = await command('restore', ['--from', backupDir], siteEnv);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/not empty|exists/);
      if (dbName) {
        // --force drops what is there (the schemas, the append-only guard's trigger with them) and restores over it
        const forced = await command('restore', ['--from', backupDir, '--force'], siteEnv);
        expect(forced.stderr).toContain('verified');
        expect(forced.status).toBe(0);
      }

      // ── disaster: the database and the files are gone ────────────────────────────────────────────────
      if (dbName) {
        await admin(`DROP DATABASE ${dbName} WITH (FORCE)`);
        await admin(`CREATE DATABASE ${dbName}`);
      } else fs.rmSync(path.join(dataDir, 'pgdata'), { recursive: true, force: true });
      if (s3) {
        const storage = await createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env }, process.cwd()));
        for (const key of s3.storedKeys()) await storage.delete(key);
        expect(s3.storedKeys()).toEqual([]);
      } else fs.rmSync(path.join(dataDir, 'files'), { recursive: true, force: true });

      // ── restore ───────────────────────────────────────────────────────────────────────────────────────
      const restored = await command('restore', ['--from', backupDir], siteEnv);
      expect(restored.stderr).toContain('verified');
      expect(restored.status).toBe(0);

      site = await openSite(siteEnv);
      try {
        // every row of every table: agents, orders, enrollments, files, audit rows, keys, everything
        expect(await everyRow(site.database)).toEqual(before);
        for (const [fileId, entry] of expected) {
          expect((await download(site, entry.agentId, fileId)).equals(entry.bytes)).toBe(true);
        }
      } finally {
        await site.close();
      }
    }, 90_000);
  },
);

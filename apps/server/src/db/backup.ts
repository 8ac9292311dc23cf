// Backup and restore of the whole portal: the database and the file store, in one folder with a manifest
// (`npm run backup`, `npm run restore`; docs/operations.md, docs/decisions/outages-readiness-backup.md).
//
//   <folder>/manifest.json    when, which database, its last migration, rows per table, SHA-256 of every file
//   <folder>/database.dump    PostgreSQL: pg_dump's custom format (pg_restore reads it)
//   <folder>/pgdata.tar.gz    the embedded database (PGlite): its own dump of the data directory
//   <folder>/files/<key>      every object of the file store (DATA_DIR/files or the S3 bucket), by its key
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Storage } from '../platform/storage.ts';
import { MIGRATIONS_FOLDER, pgliteStartParams } from './client.ts';

const BACKUP_FORMAT = 'arc-backup/1';
const MANIFEST = 'manifest.json';
const PG_DUMP_FILE = 'database.dump';
const PGLITE_DUMP_FILE = 'pgdata.tar.gz';
const FILES = 'files';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** the file in the folder and its SHA-256 */
    file: string;
    sha256: string;
    /** the server's version (`server_version`) */
    serverVersion: string;
    /** the last migration applied (its tag in the migrations' journal) and how many were */
    migration: { last: string | null; applied: number };
    /** rows per table of the public schema */
    tables: Record<string, number>;
  };
  files: { key: string; size: number; sha256: string }[];
}

/** Where the database is: PostgreSQL at `databaseUrl`, else PGlite in `pgliteDir`. */
type BackupDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

interface Queryable {
  query<R>(text: string): Promise<{ rows: R[] }>;
}

export async function writeBackup(options: {
  database: BackupDatabase;
  storage: Storage;
  folder: string;
  now?: Date;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const { database, storage, folder } = options;
  const log = options.log ?? (() => {});
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new BackupError(`${folder} is not empty: give a new folder`);
  }
  fs.mkdirSync(path.join(folder, FILES), { recursive: true });
  const createdAt = (options.now ?? new Date()).toISOString();

  let described: Pick<BackupManifest['database'], 'serverVersion' | 'migration' | 'tables'>;
  let file: string;
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const serverVersion = await pgServerVersion(client);
      await checkPgTool('pg_dump', serverVersion);
      file = PG_DUMP_FILE;
      log(`pg_dump of PostgreSQL ${serverVersion}…`);
      // One snapshot for the dump and the manifest: the server may go on writing meanwhile, and the counts must
      // be of the rows the dump holds. pg_dump reads the snapshot this transaction exported while it stays open.
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const dumping = run(
        'pg_dump',
        ['--format=custom', '--no-owner', `--snapshot=${rows[0]!.id}`, '--file', path.join(folder, file)],
        database.url,
      );
      // awaited below, after the counts: a failure meanwhile must not count as unhandled
      dumping.catch(() => undefined);
      described = { serverVersion, ...(await describe(client)) };
      await dumping;
      await client.query('commit');
    } finally {
      await client.end();
    }
  } else {
    if (!fs.existsSync(database.dir)) throw new BackupError(`no embedded database at ${database.dir}`);
    const client = await PGlite.create({ dataDir: database.dir, startParams: pgliteStartParams() });
    try {
      file = PGLITE_DUMP_FILE;
      log('dump of the embedded database…');
      const serverVersion = (await client.query<{ v: string }>('show server_version')).rows[0]!.v;
      described = { serverVersion, ...(await describe(client)) };
      const dump = await client.dumpDataDir('gzip');
      fs.writeFileSync(path.join(folder, file), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  }

  const files: BackupManifest['files'] = [];
  for await (const key of storage.keys()) {
    const target = path.join(folder, FILES, key);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const hash = createHash('sha256');
    let size = 0;
    await pipeline(
      await storage.get(key),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      },
      fs.createWriteStream(target),
    );
    files.push({ key, size, sha256: hash.digest('hex') });
  }
  files.sort((a, b) => a.key.localeCompare(b.key));
  log(`${files.length} files copied`);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt,
    database: { kind: database.kind, file, sha256: await sha256File(path.join(folder, file)), ...described },
    files,
  };
  fs.writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup folder: checks every file of the folder against the manifest first, then restores the
 * database into an empty one (refused when it holds tables, unless `force`: then its tables are dropped first)
 * and every file into the store, and verifies both against the manifest (rows per table, last migration, the
 * stored files' sizes and SHA-256).
 */
export async function restoreBackup(options: {
  database: BackupDatabase;
  storage: Storage;
  folder: string;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<BackupManifest> {
  const { database, storage, folder } = options;
  const log = options.log ?? (() => {});
  const manifest = readManifest(folder);
  if (manifest.database.kind !== database.kind) {
    throw new BackupError(
      `the backup is of ${manifest.database.kind === 'postgres' ? 'PostgreSQL' : 'the embedded database'}; ` +
        `restore it with ${manifest.database.kind === 'postgres' ? 'DATABASE_URL set' : 'DATABASE_URL unset'}`,
    );
  }
  const dumpFile = path.join(folder, manifest.database.file);
  if ((await sha256File(dumpFile)) !== manifest.database.sha256) {
    throw new BackupError(`${manifest.database.file} does not match the manifest's SHA-256`);
  }
  for (const entry of manifest.files) {
    const file = path.join(folder, FILES, entry.key);
    if (!fs.existsSync(file) || (await sha256File(file)) !== entry.sha256) {
      throw new BackupError(`files/${entry.key} is missing or does not match the manifest's SHA-256`);
    }
  }

  let restored: Awaited<ReturnType<typeof describe>>;
  if (database.kind === 'postgres') {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const serverVersion = await pgServerVersion(client);
      await checkPgTool('pg_restore', serverVersion);
      // pgboss: the job queue's own schema (docs/decisions/imports-and-jobs.md), made by any server that started on the
      // database
      const tables = await tableNames(client, ['public', 'drizzle', 'pgboss']);
      if (tables.length > 0 && !options.force) {
        throw new BackupError(
          `the database is not empty (${tables.length} tables): restore into an empty database, or give --force ` +
            'to drop its tables first',
        );
      }
      if (tables.length > 0) {
        log('dropping the existing tables (--force)…');
        await client.query(
          'drop schema if exists drizzle cascade; drop schema if exists pgboss cascade; drop schema public cascade; ' +
            'create schema public',
        );
      }
      log('pg_restore…');
      await run('pg_restore', ['--no-owner', '--exit-on-error', dumpFile], database.url);
      restored = await describe(client);
    } finally {
      await client.end();
    }
  } else {
    if (fs.existsSync(database.dir) && fs.readdirSync(database.dir).length > 0) {
      if (!options.force) {
        throw new BackupError(
          `the embedded database at ${database.dir} exists: stop the server and move it away, or give --force ` +
            'to replace it',
        );
      }
      fs.rmSync(database.dir, { recursive: true, force: true });
    }
    fs.mkdirSync(database.dir, { recursive: true });
    log('loading the embedded database…');
    const client = await PGlite.create({
      dataDir: database.dir,
      loadDataDir: new Blob([fs.readFileSync(dumpFile)]),
      startParams: pgliteStartParams(),
    });
    try {
      restored = await describe(client);
    } finally {
      await client.close();
    }
  }
  compareDatabase(manifest, restored);
  log(`database verified: ${Object.keys(restored.tables).length} tables, rows as in the manifest`);

  for (const entry of manifest.files) {
    await storage.put(entry.key, fs.createReadStream(path.join(folder, FILES, entry.key)));
  }
  for (const entry of manifest.files) {
    const stat = await storage.stat(entry.key);
    const hash = createHash('sha256');
    if (stat) await pipeline(await storage.get(entry.key), hash);
    if (stat?.size !== entry.size || hash.digest('hex') !== entry.sha256) {
      throw new BackupError(`the stored ${entry.key} does not match the manifest after the restore`);
    }
  }
  log(`${manifest.files.length} files restored and verified`);
  return manifest;
}

function readManifest(folder: string): BackupManifest {
  const file = path.join(folder, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`no ${MANIFEST} in ${folder}`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a backup of format ${BACKUP_FORMAT}`);
  return manifest;
}

/** A refusal or a failed check, told to the operator as it is (the command exits 1). */
export class BackupError extends Error {}

function compareDatabase(manifest: BackupManifest, restored: Awaited<ReturnType<typeof describe>>) {
  const expected = manifest.database;
  if (
    restored.migration.last !== expected.migration.last ||
    restored.migration.applied !== expected.migration.applied
  ) {
    throw new BackupError(
      `restored migrations ${restored.migration.last} (${restored.migration.applied}) differ from the manifest's ` +
        `${expected.migration.last} (${expected.migration.applied})`,
    );
  }
  const names = new Set([...Object.keys(expected.tables), ...Object.keys(restored.tables)]);
  const differing = [...names].filter((name) => expected.tables[name] !== restored.tables[name]);
  if (differing.length > 0) {
    throw new BackupError(
      `rows differ from the manifest: ${differing
        .map((name) => `${name} ${restored.tables[name] ?? 'missing'} (expected ${expected.tables[name] ?? 'none'})`)
        .join(', ')}`,
    );
  }
}

/** rows per table of the public schema, and the last migration applied (by its tag in the journal) */
async function describe(client: Queryable) {
  const tables: Record<string, number> = {};
  for (const name of await tableNames(client, ['public'])) {
    const { rows } = await client.query<{ n: string | number }>(`select count(*) as n from public."${name}"`);
    tables[name] = Number(rows[0]!.n);
  }
  // a database never migrated has no migration table (asked first: inside a transaction a failed query ends it)
  const { rows: present } = await client.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  const applied = present[0]?.present
    ? (
        await client.query<{ created_at: string | number }>(
          'select created_at from drizzle.__drizzle_migrations order by created_at',
        )
      ).rows.map((row) => Number(row.created_at))
    : [];
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const lastWhen = applied.at(-1);
  const last =
    lastWhen === undefined ? null : (journal.entries.find((e) => e.when === lastWhen)?.tag ?? `when ${lastWhen}`);
  return { migration: { last, applied: applied.length }, tables };
}

async function tableNames(client: Queryable, schemas: string[]): Promise<string[]> {
  const list = schemas.map((s) => `'${s}'`).join(', ');
  const { rows } = await client.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema in (${list}) and table_type = 'BASE TABLE'
     order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function pgServerVersion(client: pg.Client): Promise<string> {
  return (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
}

/** pg_dump and pg_restore must be of the server's major version or newer (pg_dump refuses an older one). */
async function checkPgTool(tool: 'pg_dump' | 'pg_restore', serverVersion: string): Promise<void> {
  let version: string;
  try {
    version = await run(tool, ['--version']);
  } catch {
    throw new BackupError(`${tool} is not on the PATH: install the PostgreSQL client of the server's version`);
  }
  const major = (text: string) => Number(/(\d+)/.exec(text)?.[1] ?? 0);
  const toolMajor = major(version.replace(/^\D+/, ''));
  if (toolMajor < major(serverVersion)) {
    throw new BackupError(
      `${version.trim()} is older than the server (PostgreSQL ${serverVersion}): ` +
        `install postgresql-client-${major(serverVersion)} and put it first on the PATH`,
    );
  }
}

/**
 * Runs a PostgreSQL client tool; with `databaseUrl`, on that database, its password passed in the environment
 * (PGPASSWORD) rather than on the command line, where any user of the machine could read it.
 */
function run(command: string, args: string[], databaseUrl?: string): Promise<string> {
  const env = { ...process.env };
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
    args = [...args, `--dbname=${url.toString()}`];
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${command} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';

export const PGLITE_TEMPLATE = path.resolve(import.meta.dirname, '../../../../.tmp/pglite-template.tar.gz');
/** One template per checkout, so two checkouts on one machine can run the PostgreSQL suite side by side. */
export const PG_TEMPLATE_DB = `arc_test_template_${createHash('sha256')
  .update(path.resolve(import.meta.dirname, '../../../..'))
  .digest('hex')
  .slice(0, 8)}`;

/** Migrates once per run; every test file then clones the result (0.3 s instead of 2 s). */
export default async function setup() {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${PG_TEMPLATE_DB}`;
    const database = await openDatabase({ databaseUrl: u.toString() });
    await database.migrate();
    await database.close();
    return;
  }
  fs.mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  const database = await openDatabase({});
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  fs.writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

// The contracts import at 500,000 contracts on PostgreSQL (bench/README.md, docs/decisions/imports-and-jobs.md): `npm
// run import:contracts` on a generated file of new contracts (a hierarchy 200 agencies wide, five downlines each, the
// downlines listed before their uplines so the import must order them), then the same file with every tenth
// contract's status changed, each timed from the command's start to its exit (it migrates first, as the command
// does). Part of `npm run bench` (BENCH_ONLY=contracts-import; BENCH_CONTRACTS_IMPORT=0 skips it); also runs
// alone: `node bench/contracts-import.mjs`.
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (a database arc_bench_contracts is
// created and dropped). Results go to .tmp/bench-contracts-import.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root, round } from './lib.mjs';

const ROWS = Number(process.env.BENCH_CONTRACT_ROWS ?? 500_000);
const ROOTS = 200;
const FAN_OUT = 5;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'arc_bench_contracts';
const STATUSES = ['Active', 'Active', 'Active', 'Pending', 'Terminated'];
const CARRIERS = ['Humana', 'Aetna', 'UnitedHealthcare', 'Anthem', 'Wellcare'];
const tmp = path.join(root, '.tmp');

/** A CRM-format id (18 letters and digits) for contract `i`. */
const idOf = (i) => `a0C${String(i).padStart(15, '0')}`;
/** Contract i's upline: none for the first ROOTS, else a breadth-first tree FAN_OUT wide. */
const uplineOf = (i) => (i < ROOTS ? '' : idOf(Math.floor((i - ROOTS) / FAN_OUT)));

/** Streams the file to disk, newest (deepest) contracts first; `changedEvery` > 0 changes every n-th status. */
async function writeContracts(file, changedEvery = 0) {
  const out = fs.createWriteStream(file);
  const write = (text) => (out.write(text) ? undefined : new Promise((resolve) => out.once('drain', resolve)));
  await write(
    'contract_id,holder_npn,contact_name,record_type,carrier,status,writing_number,upline_contract_id,hierarchy_report_id\n',
  );
  let chunk = '';
  for (let i = ROWS - 1; i >= 0; i--) {
    const status = STATUSES[(i + (changedEvery && i % changedEvery === 0 ? 3 : 0)) % STATUSES.length];
    const type = i < ROOTS ? 'Agency' : 'Person Account';
    const report = i < ROOTS ? `00O${String(i).padStart(15, '0')}` : '';
    chunk += `${idOf(i)},,Contact ${i},${type},${CARRIERS[i % CARRIERS.length]},${status},W${i},${uplineOf(i)},${report}\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
}

function runImport(file, databaseUrl) {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/src/modules/staff-imports/cli/import.ts'), 'contracts', file],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' }, encoding: 'utf8' },
  );
  const seconds = round((performance.now() - started) / 1000, 1);
  if (run.status !== 0) throw new Error(`import failed:\n${run.stdout}\n${run.stderr}`);
  return { seconds, rowsPerSecond: Math.round(ROWS / seconds), output: run.stdout.trim() };
}

fs.mkdirSync(tmp, { recursive: true });
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
try {
  const fresh = path.join(tmp, 'bench-contracts-new.csv');
  const changed = path.join(tmp, 'bench-contracts-changed.csv');
  await writeContracts(fresh);
  await writeContracts(changed, 10);
  const first = runImport(fresh, url.toString());
  const second = runImport(changed, url.toString());
  const result = {
    rows: ROWS,
    newSeconds: first.seconds,
    newRowsPerSecond: first.rowsPerSecond,
    changedSeconds: second.seconds,
    changedRowsPerSecond: second.rowsPerSecond,
  };
  console.log(`${first.output}\n${second.output}`);
  console.log(
    JSON.stringify(
      { contractsImport: result, targetsMet: { underTwoMinutes: first.seconds < 120 && second.seconds < 120 } },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(tmp, 'bench-contracts-import.json'),
    JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
  );
  fs.rmSync(fresh, { force: true });
  fs.rmSync(changed, { force: true });
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}

// The roster import at 50,000 agents on PostgreSQL (bench/README.md, docs/decisions/imports-and-jobs.md): `npm run
// import:agents` on a generated roster of new agents, then the same roster with every tenth agent changed, each timed
// from the command's start to its exit (it migrates first, as the command does). Part of `npm run bench`
// (BENCH_ONLY=agents); also runs alone: `node bench/agent-roster.mjs`. Then, on the same database, the back
// office's agent and audit searches (bench/staff-search.mjs).
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (a database arc_bench_agents is created
// and dropped). Results go to .tmp/bench-agent-roster.json.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root, round } from './lib.mjs';
import { measureStaffSearch } from './staff-search.mjs';

const ROWS = Number(process.env.BENCH_AGENT_ROWS ?? 50_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'arc_bench_agents';
const STATES = ['WI', 'IL', 'MN', 'IA', 'MI', 'TX', 'CA', 'NY', 'FL', 'OH'];
const tmp = path.join(root, '.tmp');

/** A roster of `ROWS` agents; `changedEvery` > 0 changes the state of every n-th one. */
function writeRoster(file, changedEvery = 0) {
  const lines = ['npn,first,last,email,phone,state,tier,status'];
  for (let i = 0; i < ROWS; i++) {
    const npn = String(90_000_000 + i);
    const state = STATES[(i + (changedEvery && i % changedEvery === 0 ? 1 : 0)) % STATES.length];
    const tier = i % 3 === 0 ? 'Unlimited' : 'Standard';
    lines.push(
      `${npn},First${i},Last${i % 5000},agent${i}@roster.test,608-555-${String(i % 10_000).padStart(4, '0')},${state},${tier},active`,
    );
  }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

function runImport(file, databaseUrl) {
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'apps/server/src/modules/staff-agents/cli/import-agents.ts'), file],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error' }, encoding: 'utf8' },
  );
  const seconds = round((performance.now() - started) / 1000, 1);
  if (run.status !== 0) throw new Error(`import failed:\n${run.stdout}\n${run.stderr}`);
  return { seconds, output: run.stdout.trim() };
}

fs.mkdirSync(tmp, { recursive: true });
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
try {
  const fresh = path.join(tmp, 'bench-roster-new.csv');
  const changed = path.join(tmp, 'bench-roster-changed.csv');
  writeRoster(fresh);
  writeRoster(changed, 10);
  const first = runImport(fresh, url.toString());
  const second = runImport(changed, url.toString());
  console.log(`${first.output}\n${second.output}`);
  // the back office's searches on the imported roster (bench/staff-search.mjs; BENCH_STAFF_SEARCH=0 skips them)
  const search = process.env.BENCH_STAFF_SEARCH === '0' ? undefined : await measureStaffSearch(url.toString());
  const result = { rows: ROWS, newSeconds: first.seconds, changedSeconds: second.seconds, staffSearch: search };
  console.log(
    JSON.stringify(
      {
        agentRoster: result,
        targetsMet: {
          underOneMinute: first.seconds < 60 && second.seconds < 60,
          ...(search ? search.targetsMet : {}),
        },
      },
      null,
      2,
    ),
  );
  fs.writeFileSync(
    path.join(tmp, 'bench-agent-roster.json'),
    JSON.stringify({ at: new Date().toISOString(), ...result }, null, 2),
  );
} finally {
  // BENCH_AGENTS_KEEP=1 leaves the database for a look at its plans (psql … arc_bench_agents)
  if (process.env.BENCH_AGENTS_KEEP !== '1') await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}

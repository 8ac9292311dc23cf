// Commission statements at 100,000 lines on PostgreSQL (issue 33, docs/decisions/imports-and-jobs.md): a period's
// statement file of 100,000 lines for 2,000 agents (50 each) through `POST /arc/staff/statements` of the built server
// on loopback, with a staff token from the real sign-in (password + TOTP): the dry run, the publish (the period's
// statements and lines written in one transaction, then one notification per agent), and the same period published
// again (the replacement), each from the first byte sent to the answer. Then the plans (EXPLAIN ANALYZE) of the agent
// screen's reads. Part of `npm run bench` (BENCH_ONLY=statements; BENCH_STATEMENTS=0 skips it); also runs alone:
// `node bench/statements.mjs`. PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (a
// database arc_bench_statements is created and dropped). Results go to .tmp/bench-statements.json.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  addStaffAdmin,
  completeStaffEnrolment,
  root,
  round,
  signInStaff,
  startServer,
  stop,
  waitReady,
} from './lib.mjs';

const LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 100_000);
const AGENTS = 2_000;
const PERIOD = '2026-11-01';
const PORT = Number(process.env.BENCH_PORT ?? 8290) + 6;
const BASE = `http://localhost:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'arc_bench_statements';
const ADMIN = { email: 'bench-statements@provider.test', password: 'Bench-Staff-2026!' };
const CARRIERS = ['Humana', 'Aetna', 'UnitedHealthcare', 'Wellcare', 'Cigna Healthcare', 'Anthem'];
const PRODUCTS = ['Medicare Advantage', 'Part D', 'Medicare Supplement', 'Dental', 'Final Expense'];
const tmp = path.join(root, '.tmp');

/** Streams the file to disk: LINES lines, agent by agent; `cents` shifts every commission (the second file). */
async function writeFile(file, cents = 0) {
  const out = fs.createWriteStream(file);
  const write = (text) => (out.write(text) ? undefined : new Promise((resolve) => out.once('drain', resolve)));
  await write(
    'npn,statement_date,carrier,policy_number,client,product,effective_date,transaction,premium,commission\n',
  );
  let chunk = '';
  for (let i = 0; i < LINES; i += 1) {
    const npn = 96000000 + (i % AGENTS);
    const commission = ((i % 9000) + 100 + cents) / 100;
    chunk += `${npn},${PERIOD},${CARRIERS[i % 6]},P${10000000 + i},"Client ${i % 977}, Pat",${PRODUCTS[i % 5]},${PERIOD},${i % 7 === 0 ? 'New' : 'Renewal'},${((i % 18000) / 100).toFixed(2)},${commission.toFixed(2)}\n`;
    if (chunk.length > 1 << 20) {
      await write(chunk);
      chunk = '';
    }
  }
  await write(chunk);
  await new Promise((resolve, reject) => out.end((err) => (err ? reject(err) : resolve())));
}

async function upload(file, token, dryRun) {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), 'statements.csv');
  const started = performance.now();
  const res = await fetch(`${BASE}/arc/staff/statements?dryRun=${dryRun}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const report = await res.json();
  const seconds = round((performance.now() - started) / 1000, 1);
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${JSON.stringify(report).slice(0, 500)}`);
  return { seconds, linesPerSecond: Math.round(LINES / seconds), counts: report.counts, summary: report.summary };
}

async function plan(client, statement, params = []) {
  const { rows } = await client.query(`explain (analyze, format json) ${statement}`, params);
  const [top] = rows[0]['QUERY PLAN'];
  const nodes = [];
  const walk = (node) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(top.Plan);
  return {
    seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
    indexes: [...new Set(nodes.map((n) => n['Index Name']).filter(Boolean))],
    executionMs: round(top['Execution Time'], 2),
  };
}

async function measure(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const server = startServer({
    port: PORT,
    dataDir: path.join(tmp, 'bench-statements-data'),
    databaseUrl,
    env: { DEMO_DATA: 'false' },
  });
  try {
    await waitReady(`${BASE}/readyz`, 120_000);
    const enrolment = addStaffAdmin(databaseUrl, BASE, ADMIN.email);
    const secret = await completeStaffEnrolment(BASE, enrolment, ADMIN.password);
    await client.query(
      `insert into agents (id, npn, email, first_name, last_name, status)
       select 'agt_s' || i, (96000000 + i)::text, 'statement' || i || '@agents.test', 'First' || i, 'Last' || i, 'active'
       from generate_series(0, ${AGENTS - 1}) i`,
    );
    const { access_token: token } = await signInStaff(BASE, { ...ADMIN, secret });
    const first = path.join(tmp, 'bench-statements-1.csv');
    const second = path.join(tmp, 'bench-statements-2.csv');
    await writeFile(first);
    await writeFile(second, 1);
    const fileMb = round(fs.statSync(first).size / 1024 / 1024, 1);

    const dryRun = await upload(first, token, true);
    const publish = await upload(first, token, false);
    const replace = await upload(second, token, false);
    const { rows: counted } = await client.query(
      `select (select count(*)::int from commission_statements where statement_date = $1) as statements,
              (select count(*)::int from commission_statement_lines) as lines,
              (select count(*)::int from notifications where kind = 'commission-statement') as notifications`,
      [PERIOD],
    );
    await client.query('analyze commission_statements, commission_statement_lines');
    const plans = {
      "an agent's statements, newest first (the Commission Statements screen)": await plan(
        client,
        `select * from commission_statements where agent_id = $1 order by statement_date desc, id desc limit 10`,
        ['agt_s42'],
      ),
      "a published statement's lines (its CSV download)": await plan(
        client,
        `select * from commission_statement_lines where statement_id = $1 order by position`,
        ['cms_s42_20261101'],
      ),
    };
    return {
      lines: LINES,
      agents: AGENTS,
      fileMb,
      dryRun,
      publish,
      replace,
      afterwards: counted[0],
      plans,
      targetsMet: { publishUnder1Min: publish.seconds < 60, replaceUnder1Min: replace.seconds < 60 },
    };
  } finally {
    await stop(server);
    await client.end();
  }
}

fs.mkdirSync(tmp, { recursive: true });
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
try {
  const results = await measure(url.toString());
  fs.writeFileSync(path.join(tmp, 'bench-statements.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  if (!results.targetsMet.publishUnder1Min || !results.targetsMet.replaceUnder1Min) process.exitCode = 1;
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}

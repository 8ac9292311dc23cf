// Prospect list figures for `npm run bench` (issue 15), at 1 and 5 million rows on PostgreSQL and 1 million on
// PGlite (BENCH_PROSPECT_SIZES, e.g. "postgres:1000000,postgres:5000000,pglite:1000000"):
//   - time to generate and load the list (npm run generate:t65)
//   - p50/p95 of a one-county search and of a 10-ZIP search over a 3-month window, through the API and as the
//     same query run directly in SQL in the same run; their ratio is the API's overhead
//   - time and extra server memory (peak RSS over the server's RSS before) of exporting 10,000 rows
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (a database arc_bench_prospects is
// created and dropped), or BENCH_PROSPECT_DATABASE_URL, a database already loaded and kept. Loopback only.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 8291;
const BASE = `http://localhost:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'arc_bench_prospects';
// A database already loaded by `npm run generate:t65` (kept, not dropped): the PostgreSQL sizes skip generating.
const REUSE_URL = process.env.BENCH_PROSPECT_DATABASE_URL;
const SIZES = (process.env.BENCH_PROSPECT_SIZES ?? 'postgres:1000000,postgres:5000000,pglite:1000000')
  .split(',')
  .map((s) => {
    const [kind, rows] = s.split(':');
    return { kind, rows: Number(rows) };
  });
const REQUESTS = Number(process.env.BENCH_PROSPECT_REQUESTS ?? 200);
const WARMUP = 20;
/** Los Angeles County: the largest county, so the one-county figure is the worst case */
const COUNTY = '06037';

const node = process.execPath;
const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (n, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
function summary(times) {
  const sorted = times.toSorted((a, b) => a - b);
  return { p50Ms: round(pct(sorted, 50)), p95Ms: round(pct(sorted, 95)) };
}

async function time(fn, n = REQUESTS) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return summary(times);
}

function monthRange(months) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' })
    .formatToParts(new Date())
    .reduce((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const y = Number(parts.year);
  const m = Number(parts.month);
  const iso = (yy, mm) => `${yy + Math.floor((mm - 1) / 12)}-${String(((mm - 1) % 12) + 1).padStart(2, '0')}-01`;
  return { datefrom: iso(y, m), dateto: iso(y, m + months) };
}

function env(kind, dataDir, dbUrl) {
  return {
    ...process.env,
    PORT: String(PORT),
    HOST: 'localhost',
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    DEMO_DATA: 'true',
    // the benchmark sends hundreds of searches a minute as one agent
    PROSPECT_SEARCHES_PER_MINUTE: '100000',
    DATABASE_URL: kind === 'postgres' ? dbUrl : '',
  };
}

async function waitReady(timeoutMs = 180_000) {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server not ready');
}

const stop = async (child) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

function cookieJar() {
  const jar = new Map();
  return {
    store(res) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair.split('=');
        jar.set(name.trim(), value.join('='));
      }
    },
    header: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

/** The authorization code + PKCE flow over HTTP (as bench/run.mjs does it). */
async function signIn(username, password) {
  const jar = cookieJar();
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${BASE}/login/callback`;
  const auth = new URL(`${BASE}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'arc-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: crypto.randomBytes(8).toString('hex'),
  }).toString();
  let res = await fetch(auth, { redirect: 'manual' });
  jar.store(res);
  const interaction = new URL(res.headers.get('location'), BASE);
  res = await fetch(`${interaction.href.replace(/\/$/, '')}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: jar.header() },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  jar.store(res);
  let next = new URL((await res.json()).redirectTo, BASE);
  for (let hops = 0; hops < 10 && !next.href.startsWith(redirectUri); hops += 1) {
    res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(res);
    next = new URL(res.headers.get('location'), BASE);
  }
  res = await fetch(`${BASE}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: next.searchParams.get('code'),
      redirect_uri: redirectUri,
      client_id: 'arc-web',
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`token failed: ${res.status}`);
  return (await res.json()).access_token;
}

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
};

// the query the API runs, as SQL
const SEARCH_SQL = (column) =>
  `select * from t65_prospects where ${column} = any($1::text[]) and t65 between $2 and $3 order by t65, id limit 10001`;

async function benchOne({ kind, rows }) {
  const label = `${kind} ${rows.toLocaleString('en-US')} rows`;
  console.log(`\n── prospects: ${label}`);
  const dataDir = path.join(tmp, `bench-prospects-${kind}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  let dbUrl = kind === 'postgres' ? REUSE_URL : undefined;
  if (kind === 'postgres' && !REUSE_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB_NAME}`;
    dbUrl = url.toString();
  }
  const runEnv = env(kind, dataDir, dbUrl);

  const generated = performance.now();
  const gen =
    dbUrl === REUSE_URL && REUSE_URL
      ? { status: 0 }
      : spawnSync(
          node,
          [path.join(root, 'apps/server/src/modules/prospects/cli/generate-t65.ts'), '--rows', String(rows)],
          {
            cwd: root,
            env: runEnv,
            stdio: ['ignore', 'inherit', 'inherit'],
          },
        );
  if (gen.status !== 0) throw new Error('generate failed');
  const generateSeconds = REUSE_URL && kind === 'postgres' ? null : round((performance.now() - generated) / 1000, 1);

  const server = spawn(node, [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: runEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let result;
  try {
    await waitReady();
    const token = await signIn('demo', 'Demo-Agent-2026!');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const range = monthRange(3);
    const zipsRes = await fetch(`${BASE}/arc/agent/t65/list`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ county: [COUNTY], ...monthRange(12) }),
    });
    const countyRows = (await zipsRes.json()).rows;
    const zips = [...new Set(countyRows.map((r) => r.zipcode))].slice(0, 10);
    const post = async (url, body) => {
      const res = await fetch(`${BASE}${url}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return res.json();
    };
    const countyBody = { county: [COUNTY], ...range };
    const zipBody = { zips, ...range };
    const countyCount = (await post('/arc/agent/t65/list', countyBody)).rows.length;
    const zipCount = (await post('/arc/agent/zipcode/list', zipBody)).rows.length;
    result = { kind, rows, generateSeconds, countyRowsFound: countyCount, zipRowsFound: zipCount };
    result.apiCounty = await time(() => post('/arc/agent/t65/list', countyBody));
    result.apiZip = await time(() => post('/arc/agent/zipcode/list', zipBody));

    // export 10,000 rows: the first 10,000 of a search over the 50 largest counties, 13 months
    const counties = [];
    for (const state of ['CA', 'TX', 'FL', 'NY', 'IL', 'PA', 'OH', 'GA', 'NC', 'MI']) {
      const res = await fetch(`${BASE}/arc/t65/counties/${state}`, { headers });
      counties.push(...(await res.json()).map((c) => c.id));
    }
    const exportRange = monthRange(13);
    const big = await post('/arc/agent/t65/list', { county: counties.slice(0, 50), ...exportRange });
    const ids = big.rows.slice(0, 10_000).map((r) => r.id);
    const before = rssMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 5);
    const started = performance.now();
    const res = await fetch(`${BASE}/arc/agent/t65/countysearch/download`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ search: { kind: 'county', county: counties.slice(0, 50), ...exportRange }, ids }),
    });
    const bytes = (await res.arrayBuffer()).byteLength;
    const exportMs = performance.now() - started;
    clearInterval(sampler);
    if (!res.ok) throw new Error(`export answered ${res.status}`);
    result.export = { rows: ids.length, ms: Math.round(exportMs), bytes, extraRssMb: round(peak - before, 1) };
  } finally {
    await stop(server);
  }

  // the same queries directly in SQL, in this run
  let client;
  let close;
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    client = (text, params) => c.query(text, params);
    close = () => c.end();
  } else {
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata') });
    client = (text, params) => db.query(text, params);
    close = () => db.close();
  }
  const range = monthRange(3);
  const zipRows = await client(
    `select distinct zip from t65_prospects where county_fips = $1 and t65 between $2 and $3`,
    [COUNTY, ...Object.values(monthRange(12))],
  );
  const zips = zipRows.rows
    .map((r) => r.zip)
    .toSorted()
    .slice(0, 10);
  result.sqlCounty = await time(() => client(SEARCH_SQL('county_fips'), [[COUNTY], range.datefrom, range.dateto]));
  result.sqlZip = await time(() => client(SEARCH_SQL('zip'), [zips, range.datefrom, range.dateto]));
  await close();
  result.overheadCounty = {
    p50: round(result.apiCounty.p50Ms / result.sqlCounty.p50Ms),
    p95: round(result.apiCounty.p95Ms / result.sqlCounty.p95Ms),
  };
  result.overheadZip = {
    p50: round(result.apiZip.p50Ms / result.sqlZip.p50Ms),
    p95: round(result.apiZip.p95Ms / result.sqlZip.p95Ms),
  };

  if (kind === 'postgres' && !REUSE_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.end();
  } else fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(JSON.stringify(result));
  return result;
}

const all = [];
for (const size of SIZES) all.push(await benchOne(size));
const targets = Object.fromEntries(
  all
    .filter((r) => r.kind === 'postgres' && r.rows >= 5_000_000)
    .map((r) => [
      `postgres ${r.rows}`,
      {
        countyP95Under50Ms: r.apiCounty.p95Ms < 50,
        overheadUnder2x: r.overheadCounty.p95 < 2 && r.overheadZip.p95 < 2,
        export10kUnder1500Ms: r.export.ms < 1500,
        exportExtraUnder100Mb: r.export.extraRssMb < 100,
      },
    ]),
);
console.log(JSON.stringify({ prospects: all, targetsMet: targets }, null, 2));
fs.writeFileSync(
  path.join(tmp, 'bench-prospects.json'),
  JSON.stringify({ at: new Date().toISOString(), results: all, targets }, null, 2),
);

// The portal the load runs against: the production build on PostgreSQL, one or two replicas, always behind nginx
// (round-robin) with Redis for the shared counters, as deployed (docs/operations.md) and as the two-replica test
// builds it (apps/server/src/test/replica-set.ts, shared by both). The files are on one local directory both
// replicas use (a shared volume). A fresh database per portal; the demo data, then LOAD_AGENTS agents copied
// from the demo agent (one per connection of the generator: an agent's cart is one, so two sessions of one agent
// at once would race for it).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  NGINX,
  REDIS_SERVER,
  startNginx,
  startRedis,
  stopChild,
  waitForPort,
} from '../../apps/server/src/test/replica-set.ts';
import { root, signIn, signInStaff, startServer, stop, waitReady } from '../lib.mjs';

/** ports 8600–8690 (LOAD_PORT moves them): nginx, Redis, then the replicas */
const BASE_PORT = Number(process.env.LOAD_PORT ?? 8600);
export const ADMIN_URL = process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.LOAD_DATABASE ?? 'arc_load';
export const DEMO_STAFF = { email: 'admin@provider.test', password: 'Demo-Staff-2026!', secret: 'JBSWY3DPEHPK3PXP' };

/** The generator is one client address standing for thousands of agents: the per-address and per-agent caps up. */
const LIMITS = {
  SIGN_INS_PER_MINUTE: '100000',
  AUTHORIZATIONS_PER_MINUTE: '100000',
  PROSPECT_SEARCHES_PER_MINUTE: '100000',
  SUPPLY_ORDERS_PER_HOUR: '100000',
  SUPPLY_KITS_PER_DAY: '10000000',
  UPLOADS_PER_DAY: '1000000',
  UPLOAD_BYTES_PER_DAY: String(2 ** 50),
};

export function missingTools() {
  return [...(NGINX ? [] : ['nginx']), ...(REDIS_SERVER ? [] : ['redis-server'])];
}

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function dropDatabase() {
  if (process.env.LOAD_KEEP_DATABASE === '1') return;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}

/**
 * `count` agents load1…loadN, each a copy of the demo agent: the same password, terms accepted, Ready to Sell
 * rows, contracts and commission statements (the statements' files shared), so each can do all the demo agent
 * does.
 */
async function copyDemoAgents(client, count) {
  await client.query('begin');
  await client.query(
    `insert into agents (id, npn, username, email, first_name, last_name, mobile_phone, status, member_support_tier,
                         state, act_id, medi_minute, has_my_health_plan_contracts, has_sunfire_contracts,
                         active_analytics, password_hash, password_changed_at)
     select 'agt_load' || i, (97000000 + i)::text, 'load' || i, 'load' || i || '@agents.test', a.first_name,
            'Load' || i, a.mobile_phone, a.status, a.member_support_tier, a.state, a.act_id, a.medi_minute,
            a.has_my_health_plan_contracts, a.has_sunfire_contracts, a.active_analytics, a.password_hash,
            a.password_changed_at
     from agents a, generate_series(1, $1::int) i where a.id = 'agt_demo'`,
    [count],
  );
  await client.query(
    `insert into terms_acceptances (agent_id, terms_id)
     select 'agt_load' || i, t.terms_id from terms_acceptances t, generate_series(1, $1::int) i
     where t.agent_id = 'agt_demo'`,
    [count],
  );
  await client.query(
    `insert into agent_ready_to_sell (agent_id, org_name, state_code, product_type, year, status, as_of)
     select 'agt_load' || i, r.org_name, r.state_code, r.product_type, r.year, r.status, r.as_of
     from agent_ready_to_sell r, generate_series(1, $1::int) i where r.agent_id = 'agt_demo'`,
    [count],
  );
  await client.query(
    `insert into commission_statements (id, agent_id, first_name, last_name, statement_date, file_id)
     select s.id || '-load' || i, 'agt_load' || i, s.first_name, s.last_name, s.statement_date, s.file_id
     from commission_statements s, generate_series(1, $1::int) i where s.agent_id = 'agt_demo'`,
    [count],
  );
  await client.query('commit');
  await client.query('vacuum analyze agents, terms_acceptances, agent_ready_to_sell, commission_statements');
}

/**
 * Starts the portal with `replicas` servers behind nginx, each in a CPU cap of `caps` when given; answers its base
 * URL, the servers' process ids and caps, the database URL, a staff token (the demo admin, password + TOTP), and stop().
 */
export async function startPortal({ replicas, agents, metricsDir, serverArgs = [], caps, env: extraEnv = {} }) {
  const nginxPort = BASE_PORT;
  const redisPort = BASE_PORT + 1;
  const serverPorts = Array.from({ length: replicas }, (_, i) => BASE_PORT + 2 + i);
  const base = `http://127.0.0.1:${nginxPort}`;
  const dataDir = path.join(root, '.tmp', 'load-data');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(metricsDir, { recursive: true });
  const databaseUrl = await freshDatabase();
  const output = [];
  const servers = [];
  let redis;
  let nginx;
  // each replica in a CPU cap of its own (cpu-cap.mjs), when `caps` is given
  const serverCaps = caps ? serverPorts.map((_, i) => caps.cap(`replica-${i}`)) : [];
  const stopAll = async () => {
    await Promise.all(servers.map((server) => stop(server)));
    for (const cap of serverCaps) cap.remove();
    await nginx?.stop();
    await stopChild(redis);
    await dropDatabase();
  };
  // whatever ends this process, nothing it started is left running
  process.once('exit', () => {
    for (const child of [...servers, redis, nginx?.child]) child?.kill('SIGKILL');
  });
  try {
    redis = startRedis(redisPort, output);
    nginx = startNginx(nginxPort, serverPorts, output);
    await waitForPort(`http://127.0.0.1:${redisPort}`).catch(() => undefined);
    // one after the other: the first migrates and seeds, as a deployment starts them
    for (const [i, port] of serverPorts.entries()) {
      const server = startServer({
        port,
        dataDir,
        databaseUrl,
        env: {
          HOST: '127.0.0.1',
          PUBLIC_URL: base,
          TRUST_PROXY: 'loopback',
          REDIS_URL: `http://127.0.0.1:${redisPort}`.replace('http', 'redis'),
          LOAD_METRICS: path.join(metricsDir, `server-${i}.json`),
          ...LIMITS,
          ...extraEnv,
        },
        nodeArgs: serverArgs,
        cgroupProcs: serverCaps[i] ? path.join(serverCaps[i].dir, 'cgroup.procs') : undefined,
      });
      servers.push(server);
      await waitReady(`http://127.0.0.1:${port}/readyz`, 180_000);
      if (i === 0) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await copyDemoAgents(client, agents);
        await client.end();
      }
    }
    await waitReady(`${base}/readyz`);
    return {
      base,
      databaseUrl,
      servers,
      nginxPid: nginx.child.pid,
      redisPid: redis.pid,
      caps: serverCaps,
      metricsFiles: servers.map((_, i) => path.join(metricsDir, `server-${i}.json`)),
      staffToken: async () => (await signInStaff(base, DEMO_STAFF)).access_token,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw new Error(`the portal did not start: ${err.message}\n${output.join('')}`, { cause: err });
  }
}

/** the first open product year (spec part 2 §9): this year until 29 October, then next year */
function productYear() {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const part = (type) => Number(parts.find((p) => p.type === type).value);
  return part('month') > 10 || (part('month') === 10 && part('day') >= 30) ? part('year') + 1 : part('year');
}

/** the first of this month and of the month `months` later, in the business time zone (the prospect search's range) */
function monthRange(months) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' })
    .formatToParts(new Date())
    .reduce((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  const y = Number(parts.year);
  const m = Number(parts.month);
  const iso = (yy, mm) => `${yy + Math.floor((mm - 1) / 12)}-${String(((mm - 1) % 12) + 1).padStart(2, '0')}-01`;
  return { datefrom: iso(y, m), dateto: iso(y, m + months) };
}

/**
 * What the sessions need, looked up once through the portal as the demo agent: the product year, a kit of the
 * state, the order's address, the county searched (Dane County, WI: the demo list's) and the search's months.
 */
export async function sessionSetup(portal, { agents, uploadBytes }) {
  const token = (await signIn(portal.base, { username: 'load1', password: 'Demo-Agent-2026!' })).access_token;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const post = async (url, body) => {
    const res = await fetch(`${portal.base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.json();
  };
  const year = productYear();
  const state = 'WI';
  const county = '55025';
  const kits = await post('/arc/products/bystate', { stateabbr: state, year, productType: 'Medicare Supplement' });
  const kit =
    kits[0].companies.find((c) => c.isReadyToSell && c.product)?.product.id ?? kits[0].companies[0].product.id;
  const range = monthRange(3);
  const found = await post('/arc/agent/t65/list', { county: [county], ...range });
  if (found.rows.length === 0) throw new Error('the county search found no prospects');
  let staffToken = await portal.staffToken();
  return {
    base: portal.base,
    agents,
    uploadBytes,
    year,
    state,
    county,
    kit,
    range,
    prospectsFound: found.rows.length,
    order: {
      address: {
        street_number: '1200',
        route: 'John Q Hammons Dr',
        locality: 'Madison',
        administrative_area_level_1: 'WI',
        postal_code: '53717',
        specialinstruct: '',
      },
      supplies: [{ productId: kit, qty: 1 }],
    },
    staffToken: () => staffToken,
    /** a fresh staff token (the next TOTP step: waits up to 30 s), for a run longer than the token lives */
    async renewStaffToken() {
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
      staffToken = await portal.staffToken();
    },
  };
}

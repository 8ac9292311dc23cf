// The back office's queues at scale on PostgreSQL (issue 32, docs/decisions/supplies.md and
// docs/decisions/enrollments.md): 1,000,000 supply orders and 1,000,000 enrollments of 2,000 agents, loaded by SQL
// (generate_series, INSERT … SELECT) into a database of their own, then filtered pages of `GET /arc/staff/orders` and
// `GET /arc/staff/enrollments/queue` through the built server on loopback with a staff token from the real sign-in
// (password + TOTP). Each kind of page: one warm-up, then BENCH_QUEUE_CALLS (30) calls in a row, p50/p95 (target p95 <
// 100 ms); beside them the plans (EXPLAIN ANALYZE) of the queries behind the slowest kinds, naming any table read
// whole. Part of `npm run bench` (BENCH_ONLY=queues; BENCH_QUEUES=0 skips it); also runs alone: `node
// bench/staff-queues.mjs`. PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432 (a database
// arc_bench_queues is created and dropped; BENCH_QUEUES_KEEP=1 keeps it). Results go to .tmp/bench-staff-queues.json.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  addStaffAdmin,
  completeStaffEnrolment,
  percentile,
  root,
  round,
  signInStaff,
  startServer,
  stop,
  waitReady,
} from './lib.mjs';

const ROWS = Number(process.env.BENCH_QUEUE_ROWS ?? 1_000_000);
const AGENTS = 2_000;
const CALLS = Number(process.env.BENCH_QUEUE_CALLS ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 8290) + 4;
const BASE = `http://localhost:${PORT}`;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'arc_bench_queues';
const ADMIN = { email: 'bench-queues@provider.test', password: 'Bench-Staff-2026!' };
const CARRIERS = ['Humana', 'Aetna', 'UnitedHealthcare', 'Anthem', 'Wellcare', 'Mutual of Omaha', 'Cigna', 'Devoted'];
const sqlArray = (values) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

/** 2,000 agents, then ROWS orders and ROWS enrollments over the last two years, each one INSERT … SELECT. */
async function load(client) {
  const timings = {};
  const timed = async (name, statement) => {
    const started = performance.now();
    await client.query(statement);
    timings[name] = round((performance.now() - started) / 1000, 1);
  };
  await client.query('set synchronous_commit = off');
  await timed(
    'agents',
    `insert into agents (id, npn, email, first_name, last_name, status)
     select 'agt_q' || i, (95000000 + i)::text, 'queue' || i || '@agents.test', 'First' || i, 'Last' || (i % 700), 'active'
     from generate_series(1, ${AGENTS}) i`,
  );
  await timed(
    'supplyOrders',
    `insert into supply_orders (agent_id, status, order_date, org_name, plan_state, year, type, plan_name, qty,
                                street_num, street, city, state, zip, version)
     select 'agt_q' || (1 + (i::bigint * 7919) % ${AGENTS}),
            (array[null, null, 'Processing', 'Shipped', 'Shipped', 'Shipped', 'Cancelled', null])[1 + i % 8],
            now() - (i * interval '1 second' * (63072000.0 / ${ROWS})),
            (${sqlArray(CARRIERS)})[1 + (i / 7) % 8],
            (array['WI','IL','MN','IA','MI','TX','CA','NY','FL','OH'])[1 + (i / 3) % 10],
            2026 + i % 2,
            (array['Medicare Advantage','Medicare Supplement','Part D','Dental'])[1 + (i / 11) % 4],
            'Plan ' || (i % 300), 1 + i % 20, (100 + i % 900)::text, 'Main St', 'Madison', 'WI', '53703', 1
     from generate_series(1, ${ROWS}) i`,
  );
  await timed(
    'enrollments',
    `insert into enrollments (id, agent_id, status, reason, mode, client_first, client_last, client_state,
                              carrier_name, product_name, received_at, updated_at, version)
     select 'enr_q' || i, 'agt_q' || (1 + (i::bigint * 104729) % ${AGENTS}), s.status,
            case when s.status = 'Pended' then 'Missing signature' end,
            case when i % 9 = 0 then 'problem' else 'newapp' end,
            'Client' || (i % 1000), 'Lastname' || (i % 20000), 'WI',
            (${sqlArray(CARRIERS)})[1 + (i / 5) % 8], 'Product ' || (i % 40),
            now() - (i * interval '1 second' * (63072000.0 / ${ROWS})),
            now() - (i * interval '1 second' * (63072000.0 / ${ROWS})), 1
     from generate_series(1, ${ROWS}) i,
          lateral (select (array['Submitted','Submitted','Enrolled','Enrolled','Enrolled','Declined','Received',
                                 'In Review','Pended','Resolved'])[1 + (i / 13) % 10] as status) s`,
  );
  await timed('vacuumAnalyze', 'vacuum analyze agents, supply_orders, enrollments');
  return timings;
}

async function timeCalls(url, token) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' };
  const first = await fetch(url, { headers });
  if (!first.ok) throw new Error(`${url}: ${first.status} ${await first.text()}`);
  const body = await first.json();
  const times = [];
  for (let i = 0; i < CALLS; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), body };
}

/** The plan of one query: the tables it reads whole, its indexes, rows read and execution time. */
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
    rowsRead: nodes
      .filter((n) => n['Relation Name'])
      .reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'] + (n['Rows Removed by Filter'] ?? 0), 0),
    executionMs: round(top['Execution Time']),
  };
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function measure(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const server = startServer({
    port: PORT,
    dataDir: path.join(root, '.tmp', 'bench-queues-data'),
    databaseUrl,
    env: { DEMO_DATA: 'false' },
  });
  try {
    // the server migrates the fresh database first; the staff command then adds to it
    await waitReady(`${BASE}/readyz`, 120_000);
    const enrolment = addStaffAdmin(databaseUrl, BASE, ADMIN.email);
    const secret = await completeStaffEnrolment(BASE, enrolment, ADMIN.password);
    const started = performance.now();
    const loadSeconds = await load(client);
    loadSeconds.total = round((performance.now() - started) / 1000, 1);
    const { access_token: token } = await signInStaff(BASE, { ...ADMIN, secret });

    const orderCases = {
      'no filter, newest first': '',
      'status Not Completed, oldest first': '?status=Not%20Completed&sort=orderDate',
      'status Shipped': '?status=Shipped',
      'carrier Humana': '?carrier=Humana',
      'plan state WI': '?planState=WI',
      'product type Dental': '?type=Dental',
      'carrier + status + plan state': '?carrier=Aetna&status=Processing&planState=TX',
      'one week, 90 days ago': `?from=${day(-97)}&to=${day(-91)}`,
      'search agent NPN': '?q=95000123',
      'search agent last name': '?q=last42',
      'search order number': '?q=500000',
      'sort agent': '?sort=agent',
      'sort carrier, page 100': '?sort=carrier&page=100',
    };
    const enrollmentCases = {
      'no filter, newest first': '',
      'status Received, oldest first': '?status=Received&sort=receivedAt',
      'status Pended': '?status=Pended',
      'carrier Humana': '?carrier=Humana',
      'carrier + status': '?carrier=Aetna&status=In%20Review',
      'type Pended Enrollment': '?mode=problem',
      'one week, 90 days ago': `?from=${day(-97)}&to=${day(-91)}`,
      'search agent NPN': '?q=95000123',
      'search agent last name': '?q=last42',
      'search client last name': '?q=lastname1234',
      'sort agent': '?sort=agent',
      'sort client': '?sort=client',
      'status Submitted, page 100': '?status=Submitted&page=100',
    };
    const orders = {};
    for (const [name, query] of Object.entries(orderCases)) {
      const { body, ...figures } = await timeCalls(`${BASE}/arc/staff/orders${query}`, token);
      orders[name] = { ...figures, total: body.total };
    }
    const enrollments = {};
    for (const [name, query] of Object.entries(enrollmentCases)) {
      const { body, ...figures } = await timeCalls(`${BASE}/arc/staff/enrollments/queue${query}`, token);
      enrollments[name] = { ...figures, total: body.total, totalCapped: body.totalCapped };
    }

    // the plans of the server's queries behind the costliest kinds of page (the SQL of the queues' queries.ts)
    const plans = {
      'orders: status Shipped, capped count': await plan(
        client,
        `select count(*) from (select 1 from supply_orders where status = 'Shipped' limit 10001) t`,
      ),
      'orders: product types, loose index scan': await plan(
        client,
        `with recursive found(value) as ((select type from supply_orders where type is not null order by 1 limit 1) union all select (select t.type from supply_orders t where t.type > found.value order by 1 limit 1) from found where found.value is not null) select value from found where value is not null`,
      ),
      'orders: search agent NPN (the agent named by id)': await plan(
        client,
        `select o.id from supply_orders o join agents a on a.id = o.agent_id where o.agent_id in ('agt_q123') order by o.order_date desc, o.id desc limit 50`,
      ),
      'enrollments: carrier + status, newest first': await plan(
        client,
        `select e.id from enrollments e join agents a on a.id = e.agent_id where e.status = 'In Review' and e.carrier_name = 'Aetna' order by e.received_at desc, e.id desc limit 50`,
      ),
      'enrollments: search client last name': await plan(
        client,
        `select e.id from enrollments e join agents a on a.id = e.agent_id where (lower(e.client_last) like $1 or e.id = $2) order by e.received_at desc, e.id desc limit 50`,
        ['lastname1234%', 'lastname1234'],
      ),
      'enrollments: sort client': await plan(
        client,
        `select e.id from enrollments e join agents a on a.id = e.agent_id order by e.client_last, e.client_first, e.id limit 50`,
      ),
    };
    const worst = (group) => Math.max(...Object.values(group).map((entry) => entry.p95Ms));
    return {
      orders: ROWS,
      enrollments: ROWS,
      agents: AGENTS,
      loadSeconds,
      orderQueue: orders,
      enrollmentQueue: enrollments,
      plans,
      targetsMet: { ordersP95Under100ms: worst(orders) < 100, enrollmentsP95Under100ms: worst(enrollments) < 100 },
    };
  } finally {
    await stop(server);
    await client.end();
  }
}

const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
try {
  const results = await measure(url.toString());
  fs.writeFileSync(path.join(tmp, 'bench-staff-queues.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
  if (!results.targetsMet.ordersP95Under100ms || !results.targetsMet.enrollmentsP95Under100ms) process.exitCode = 1;
} finally {
  if (process.env.BENCH_QUEUES_KEEP !== '1') await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}

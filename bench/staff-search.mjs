// The back office's searches at scale on PostgreSQL (issue 31, docs/decisions/audit-log.md), run by
// bench/agent-roster.mjs on its database once the 50,000-agent roster is imported: `GET /arc/staff/agents` (name, NPN
// and e-mail prefixes, the status filter, sorts) and `GET /arc/staff/audit` over about 200,000 audit rows with each
// filter, through the built server and a staff token from the real sign-in (password + TOTP). Each call: one warm-up,
// then BENCH_STAFF_CALLS (30) in a row, p50/p95. Beside them, each query's plan (EXPLAIN) says whether it reads a
// table whole (a sequential scan).
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

const CALLS = Number(process.env.BENCH_STAFF_CALLS ?? 30);
const AUDIT_ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 200_000);
const PORT = Number(process.env.BENCH_PORT ?? 8290) + 3;
const BASE = `http://localhost:${PORT}`;
const ADMIN = { email: 'bench-admin@provider.test', password: 'Bench-Staff-2026!' };

/** About 200,000 audit rows over the last year: agents' sign-ins, downloads and searches, staff changes. */
async function fillAuditLog(client) {
  await client.query(`
    insert into audit_log (occurred_at, agent_id, staff_id, ip, action, subject, detail)
    select now() - (i * interval '1 second' * (31536000 / ${AUDIT_ROWS})),
           case when i % 20 = 0 then null else a.ids[1 + (i * 7919) % a.n] end,
           case when i % 20 = 0 then s.ids[1 + i % s.n] else null end,
           '10.0.' || (i % 250) || '.' || (i % 200),
           (array['sign-in.succeeded','sign-in.succeeded','file.downloaded','prospects.searched','sign-in.failed',
                  'terms.accepted','file.downloaded','roster.exported','sign-in.succeeded','file.downloaded'])[1 + i % 10],
           'subject-' || i,
           jsonb_build_object('n', i)
    from generate_series(1, ${AUDIT_ROWS}) i,
         (select array_agg(id) ids, count(*) n from agents) a,
         (select array_agg(id) ids, count(*) n from staff_accounts) s
  `);
  // a rare action: staff changes to agents, one in a thousand
  await client.query(`
    insert into audit_log (occurred_at, agent_id, staff_id, ip, action, subject, detail)
    select now() - (i * interval '1 hour'), a.ids[1 + (i * 31) % a.n], s.ids[1], '10.1.0.1', 'agent.updated', 'npn',
           '{"before":{"tier":"Standard"},"after":{"tier":"Unlimited"}}'::jsonb
    from generate_series(1, ${Math.round(AUDIT_ROWS / 1000)}) i,
         (select array_agg(id) ids, count(*) n from agents) a,
         (select array_agg(id) ids from staff_accounts) s
  `);
  // every tenth agent inactive: the status filter has both kinds to find
  await client.query(`update agents set status = 'Inactive' where npn::bigint % 10 = 3`);
  await client.query('analyze agents; analyze audit_log');
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

/** The plan of one query: the tables it reads whole (sequential scans), its indexes, rows read and execution time. */
async function plan(client, statement, params = []) {
  const { rows } = await client.query(`explain (analyze, format json) ${statement}`, params);
  const [root] = rows[0]['QUERY PLAN'];
  const nodes = [];
  const walk = (node) => {
    nodes.push(node);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(root.Plan);
  return {
    seqScans: nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
    indexes: [...new Set(nodes.map((n) => n['Index Name']).filter(Boolean))],
    // the table rows its scans read (kept or removed by a filter): the goal is near the rows it returns
    rowsRead: nodes
      .filter((n) => n['Relation Name'])
      .reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'] + (n['Rows Removed by Filter'] ?? 0), 0),
    executionMs: round(root['Execution Time']),
  };
}

export async function measureStaffSearch(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const server = startServer({
    port: PORT,
    dataDir: path.join(root, '.tmp', 'bench-staff-data'),
    databaseUrl,
    env: { DEMO_DATA: 'false' },
  });
  try {
    const enrolment = await addStaffAdmin(databaseUrl, BASE, ADMIN.email);
    await waitReady(`${BASE}/readyz`, 120_000);
    const secret = await completeStaffEnrolment(BASE, enrolment, ADMIN.password);
    const started = performance.now();
    await fillAuditLog(client);
    const auditRows = Number((await client.query('select count(*) from audit_log')).rows[0].count);
    const fillSeconds = round((performance.now() - started) / 1000);
    const { access_token: token } = await signInStaff(BASE, { ...ADMIN, secret });

    const agentCases = {
      'name prefix (q=last123)': '?q=last123',
      'first and last (q=first4242 last)': `?q=${encodeURIComponent('first4242 last')}`,
      'NPN prefix (q=900123)': '?q=900123',
      'whole NPN (q=90012345)': '?q=90012345',
      'e-mail prefix (q=agent777)': '?q=agent777',
      'status inactive': '?status=inactive',
      'status active, sort -npn': '?status=active&sort=-npn',
      'sort e-mail': '?sort=email',
      'sort state, page 500': '?sort=state&page=500',
      'q=last1, active, sort -name': '?q=last1&status=active&sort=-name',
    };
    const agents = {};
    for (const [name, query] of Object.entries(agentCases)) {
      const { body, ...figures } = await timeCalls(`${BASE}/arc/staff/agents${query}`, token);
      agents[name] = { ...figures, total: body.total };
    }

    const { rows: sample } = await client.query(
      `select npn, lower(last_name) as last from agents order by npn offset 12345 limit 1`,
    );
    const firstPage = (await timeCalls(`${BASE}/arc/staff/audit`, token)).body;
    const auditCases = {
      'no filter, first page': '',
      'no filter, second page': `?cursor=${firstPage.nextCursor}`,
      'agent by NPN': `?agent=${sample[0].npn}`,
      'agent by name prefix (many agents)': `?agent=${encodeURIComponent(sample[0].last)}`,
      'staff e-mail': `?staff=${encodeURIComponent(ADMIN.email)}`,
      'common action (file.downloaded)': '?action=file.downloaded',
      'rare action (agent.updated)': '?action=agent.updated',
      'one week, 90 days ago': `?from=${day(-97)}&to=${day(-91)}`,
      'rare action in three days': `?action=agent.updated&from=${day(-5)}&to=${day(-3)}`,
      'agent by NPN and action': `?agent=${sample[0].npn}&action=sign-in.succeeded`,
    };
    const audit = {};
    for (const [name, query] of Object.entries(auditCases)) {
      const { body, ...figures } = await timeCalls(`${BASE}/arc/staff/audit${query}`, token);
      audit[name] = { ...figures, rows: body.rows.length };
    }

    // the plans behind the slowest kinds of call, on the same data (the server's SQL, written out)
    const plans = {
      'agents: name prefix + count': await plan(
        client,
        `select count(*) from agents where npn like $1 or lower(email) like $1 or lower(last_name) like $1 or lower(first_name || ' ' || last_name) like $1`,
        ['last123%'],
      ),
      'agents: status inactive, page by name': await plan(
        client,
        `select * from agents where not coalesce(lower(trim(status)), '') not in ('', 'inactive') order by last_name, first_name, npn limit 50`,
      ),
      'agents: sort by e-mail': await plan(client, `select * from agents order by lower(email), npn limit 50`),
      // a search's page and count in one pass: the matches first (bitmap), then counted and sorted (staff-agents
      // queries.ts, searchPage); the plain form walks agents_name_sort_idx and filters tens of thousands of rows
      'agents: q=last1, active, sort -name, matches first': await plan(
        client,
        `with agents as materialized (select id, npn, last_name, first_name, email, state, member_support_tier, status from agents where (npn like $1 or lower(email) like $1 or lower(last_name) like $1 or lower(first_name || ' ' || last_name) like $1) and coalesce(lower(trim(status)), '') not in ('', 'inactive') limit 10001) select id, count(*) over () from agents order by last_name desc, first_name desc, npn desc limit 50`,
        ['last1%'],
      ),
      'agents: q=last1, active, sort -name, the index walk (before)': await plan(
        client,
        `select * from agents where (npn like $1 or lower(email) like $1 or lower(last_name) like $1 or lower(first_name || ' ' || last_name) like $1) and coalesce(lower(trim(status)), '') not in ('', 'inactive') order by last_name desc, first_name desc, npn desc limit 50`,
        ['last1%'],
      ),
      // the count stops at the cap (AGENTS_TOTAL_CAP): 10,001 rows read, not the 45,000 active agents
      'agents: status active, capped count': await plan(
        client,
        `select count(*) from (select 1 from agents where coalesce(lower(trim(status)), '') not in ('', 'inactive') limit 10001) t`,
      ),
      'audit: rare action, newest first': await plan(
        client,
        `select * from audit_log where action = $1 order by occurred_at desc, id desc limit 51`,
        ['agent.updated'],
      ),
      'audit: agent by name prefix': await plan(
        client,
        `select * from audit_log where agent_id in (select id from agents where npn like $1 or lower(email) like $1 or lower(last_name) like $1 or lower(first_name || ' ' || last_name) like $1) order by occurred_at desc, id desc limit 51`,
        [`${sample[0].last}%`],
      ),
      // what the server avoids by resolving the e-mail to its ids first (modules/audit/queries.ts, namedIds): the
      // subquery form reads the whole table
      'audit: staff e-mail as a subquery': await plan(
        client,
        `select * from audit_log where staff_id in (select id from staff_accounts where email like $1) order by occurred_at desc, id desc limit 51`,
        [`${ADMIN.email}%`],
      ),
    };
    const worst = (group) => Math.max(...Object.values(group).map((entry) => entry.p95Ms));
    return {
      agents: Number((await client.query('select count(*) from agents')).rows[0].count),
      auditRows,
      fillSeconds,
      agentSearch: agents,
      auditSearch: audit,
      plans,
      targetsMet: { agentSearchP95Under50ms: worst(agents) < 50, auditSearchP95Under50ms: worst(audit) < 50 },
    };
  } finally {
    await stop(server);
    await client.end();
  }
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

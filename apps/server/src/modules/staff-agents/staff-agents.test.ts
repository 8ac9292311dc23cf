import {
  AGENT_ROSTER_MAX_BYTES,
  AGENTS_PAGE_SIZE,
  AGENTS_TOTAL_CAP,
  MESSAGES,
  NPN_TOO_LONG,
  STAFF_AGENT_MESSAGES,
  type StaffRole,
} from '@arc/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, auditLog, signInThrottle } from '../../db/schema/index.ts';
import { throttleKey } from '../../identity/throttle.ts';
import { insertAgent } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { waitForMail } from '../../test/mail.ts';
import { multipart } from '../../test/multipart.ts';
import { signInThroughProvider, startAuthorization, submitLogin, tokenRequest } from '../../test/sign-in.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

const PASSWORD = 'Sturdy-Pass-42';
const HEADER = 'npn,first,last,email,phone,state,tier,status';
let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
let npnSeq = 70_000_000;
const nextNpn = () => String(++npnSeq);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role }))).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const call = (role: StaffRole, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });

function upload(role: StaffRole, csv: string | Buffer, query = '') {
  const body = multipart([{ name: 'roster', filename: 'roster.csv', contentType: 'text/csv', body: csv }]);
  return t.app.inject({
    method: 'POST',
    url: `/arc/staff/imports/agents${query}`,
    headers: { ...bearer(tokens[role]), 'content-type': body.contentType },
    payload: body.buffer(),
  });
}

const agentByNpn = async (npn: string) =>
  (await t.database.db.select().from(agents).where(eq(agents.npn, npn)).limit(1))[0];

describe('roles', () => {
  it('lets admin, operations and support read agents; content gets 403', async () => {
    const agent = await insertAgent(t.database.db, { npn: nextNpn() });
    for (const role of ['admin', 'operations', 'support'] as const) {
      expect((await call(role, 'GET', '/arc/staff/agents')).statusCode).toBe(200);
      expect((await call(role, 'GET', `/arc/staff/agents/${agent.npn}`)).statusCode).toBe(200);
    }
    expect((await call('content', 'GET', '/arc/staff/agents')).statusCode).toBe(403);
    expect((await call('content', 'GET', `/arc/staff/agents/${agent.npn}`)).statusCode).toBe(403);
  });

  it('lets only admin and operations change agents: support and content get 403 and nothing changes', async () => {
    const agent = await insertAgent(t.database.db, { npn: nextNpn() });
    const csv = `${HEADER}\n${nextNpn()},Ann,Lee,ann.lee@example.test,,WI,Standard,active\n`;
    for (const role of ['support', 'content'] as const) {
      const answers = [
        await call(role, 'PATCH', `/arc/staff/agents/${agent.npn}`, { tier: 'Unlimited' }),
        await call(role, 'POST', '/arc/staff/agents', newAgentBody()),
        await call(role, 'POST', `/arc/staff/agents/${agent.npn}/unlock`),
        await call(role, 'POST', `/arc/staff/agents/${agent.npn}/registration-link`),
        await upload(role, csv, '?dryRun=true'),
        await upload(role, csv),
      ];
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(403));
    }
    expect((await agentByNpn(agent.npn))!.memberSupportTier).toBe('Standard');
    for (const role of ['admin', 'operations'] as const) {
      const res = await call(role, 'PATCH', `/arc/staff/agents/${agent.npn}`, { state: 'TX' });
      expect(res.statusCode).toBe(200);
    }
  });

  it("answers 401 without a token and 403 for an agent's token", async () => {
    expect((await t.app.inject({ method: 'GET', url: '/arc/staff/agents' })).statusCode).toBe(401);
    const agent = await insertAgent(t.database.db, { npn: nextNpn() });
    const agentToken = await mintAccessToken(t, { agentId: agent.id });
    const res = await t.app.inject({ method: 'GET', url: '/arc/staff/agents', headers: bearer(agentToken) });
    expect(res.statusCode).toBe(403);
  });
});

function newAgentBody(npn = nextNpn()) {
  return {
    npn,
    firstName: 'Nadia',
    lastName: 'Okafor',
    email: `nadia.${npn}@example.test`,
    state: 'WI',
    tier: 'Standard',
  };
}

describe('GET /arc/staff/agents', () => {
  it('searches by NPN, e-mail, last name and full-name prefix, sorts and pages', async () => {
    const prefix = `Zq${Date.now().toString(36)}`;
    const made = [];
    for (let i = 0; i < 3; i++) {
      made.push(
        await insertAgent(t.database.db, {
          npn: nextNpn(),
          firstName: `Ada${i}`,
          lastName: `${prefix}son`,
          email: `${prefix.toLowerCase()}.${i}@example.test`,
        }),
      );
    }
    const list = async (query: string) =>
      (await call('support', 'GET', `/arc/staff/agents?${query}`)).json<{
        rows: { npn: string; firstName: string; status: string; registered: boolean }[];
        total: number;
        totalCapped: boolean;
      }>();
    const byLast = await list(`q=${prefix.toLowerCase()}`);
    expect(byLast.total).toBe(3);
    expect(byLast).toMatchObject({ totalCapped: false });
    expect((await list(`q=${prefix}&sort=-npn`)).rows.map((r) => r.npn)).toEqual(made.map((a) => a.npn).reverse());
    expect(byLast.rows.map((r) => r.firstName)).toEqual(['Ada0', 'Ada1', 'Ada2']);
    expect((await list(`q=${prefix}&sort=-name`)).rows.map((r) => r.firstName)).toEqual(['Ada2', 'Ada1', 'Ada0']);
    expect((await list(`q=${made[1]!.npn}`)).rows.map((r) => r.npn)).toEqual([made[1]!.npn]);
    expect((await list(`q=${encodeURIComponent(`Ada2 ${prefix}`)}`)).total).toBe(1);
    expect((await list(`q=${prefix.toLowerCase()}.1@`)).total).toBe(1);
    // LIKE's wildcards are searched as themselves
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`q=${prefix}&status=inactive`)).total).toBe(0);
    expect(byLast.rows[0]).toMatchObject({ status: 'active', registered: true });
    expect((await call('support', 'GET', '/arc/staff/agents?sort=bogus')).statusCode).toBe(400);
  });

  it(`counts up to ${AGENTS_TOTAL_CAP.toLocaleString('en-US')} matches and says there are more; a deeper page counts to itself`, async () => {
    const prefix = `cap${Date.now().toString(36)}`;
    const first = 60_000_000;
    await t.database.db.execute(sql`
      insert into agents (id, npn, email, first_name, last_name, status)
      select gen_random_uuid()::text, (${first} + i)::text, ${prefix} || i || '@example.test', 'First' || i, ${prefix} || 'son', 'Active'
      from generate_series(0, ${AGENTS_TOTAL_CAP}) i`);
    const list = async (query: string) =>
      (await call('support', 'GET', `/arc/staff/agents?q=${prefix}&${query}`)).json<{
        rows: { npn: string }[];
        total: number;
        totalCapped: boolean;
      }>();
    const firstPage = await list('sort=npn');
    expect(firstPage).toMatchObject({ total: AGENTS_TOTAL_CAP, totalCapped: true });
    expect(firstPage.rows[0]!.npn).toBe(String(first));
    const last = await list('sort=-npn&page=2');
    expect(last.rows.map((r) => r.npn).slice(0, 2)).toEqual([
      String(first + AGENTS_TOTAL_CAP - AGENTS_PAGE_SIZE),
      String(first + AGENTS_TOTAL_CAP - AGENTS_PAGE_SIZE - 1),
    ]);
    // page 201 ends past the cap: the count goes as far as that page, and is exact here
    const deep = await list(`sort=npn&page=${AGENTS_TOTAL_CAP / AGENTS_PAGE_SIZE + 1}`);
    expect(deep).toMatchObject({ total: AGENTS_TOTAL_CAP + 1, totalCapped: false });
    expect(deep.rows.map((r) => r.npn)).toEqual([String(first + AGENTS_TOTAL_CAP)]);
    // one agent fewer matching: exact, the matches read first and then sorted
    await t.database.db.delete(agents).where(eq(agents.npn, String(first)));
    const exact = await list('sort=npn');
    expect(exact).toMatchObject({ total: AGENTS_TOTAL_CAP, totalCapped: false });
    expect(exact.rows.map((r) => r.npn).slice(0, 2)).toEqual([String(first + 1), String(first + 2)]);
    // the later tests (the import's "active agents not in the file") see none of them
    await t.database.db.delete(agents).where(eq(agents.lastName, `${prefix}son`));
    expect((await call('support', 'GET', '/arc/staff/agents?page=0')).statusCode).toBe(400);
  });

  it('shows a locked agent as locked until when the lock ends', async () => {
    const agent = await insertAgent(t.database.db, { npn: nextNpn() });
    const until = new Date(Date.now() + 10 * 60_000);
    await t.database.db.insert(signInThrottle).values({
      key: throttleKey({ agentId: agent.id, login: '' }),
      failures: 5,
      lockedUntil: until,
      lastFailureAt: new Date(),
    });
    const res = await call('support', 'GET', `/arc/staff/agents?q=${agent.npn}`);
    expect(res.json().rows[0].lockedUntil).toBe(until.toISOString());
  });
});

describe('GET /arc/staff/agents/:npn', () => {
  it('answers 404 for an unknown NPN and 400 for a malformed one', async () => {
    expect((await call('admin', 'GET', '/arc/staff/agents/9999999999')).statusCode).toBe(404);
    const eleven = await call('admin', 'GET', '/arc/staff/agents/12345678901');
    expect(eleven.statusCode).toBe(400);
    expect(eleven.body).toContain(NPN_TOO_LONG);
    expect((await call('admin', 'GET', '/arc/staff/agents/abc')).statusCode).toBe(400);
  });
});

describe('POST /arc/staff/agents', () => {
  it('adds an active, unregistered agent with an audit event; the same NPN again is 409', async () => {
    const body = newAgentBody();
    const res = await call('operations', 'POST', '/arc/staff/agents', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ npn: body.npn, status: 'active', registered: false, state: 'WI' });
    expect(res.json().auditEvents.map((e: { action: string }) => e.action)).toEqual(['agent.created']);
    expect((await call('operations', 'POST', '/arc/staff/agents', body)).statusCode).toBe(409);
    expect((await call('operations', 'POST', '/arc/staff/agents', { ...body, email: 'no' })).statusCode).toBe(400);
  });
});

describe('PATCH /arc/staff/agents/:npn', () => {
  it('answers 404 for an unknown NPN and 400 for a bad tier, state or an empty change', async () => {
    expect((await call('admin', 'PATCH', '/arc/staff/agents/9999999998', { tier: 'Standard' })).statusCode).toBe(404);
    const agent = await insertAgent(t.database.db, { npn: nextNpn() });
    for (const body of [{ tier: 'Gold' }, { state: 'ZZ' }, { status: 'gone' }, {}, { email: 'x@y.test' }]) {
      expect((await call('admin', 'PATCH', `/arc/staff/agents/${agent.npn}`, body)).statusCode).toBe(400);
    }
  });

  it('records before and after; deactivation makes the open session 401 at its next call, and sign-in answers as for an unknown name', async () => {
    const agent = await insertAgent(t.database.db, { npn: nextNpn(), password: PASSWORD });
    const session = await signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const info = () => t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(session.accessToken) });
    expect((await info()).statusCode).toBe(200);

    const res = await call('operations', 'PATCH', `/arc/staff/agents/${agent.npn}`, {
      status: 'inactive',
      tier: 'Unlimited',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'inactive', tier: 'Unlimited' });
    expect((await info()).statusCode).toBe(401);
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: session.refreshToken });
    expect(refresh.statusCode).toBe(400);

    const [event] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.agentId, agent.id), eq(auditLog.action, 'agent.updated')));
    expect(event!.detail).toEqual({
      before: { status: 'active', tier: 'Standard', state: null },
      after: { status: 'inactive', tier: 'Unlimited', state: null },
    });
    expect(event!.staffId).not.toBeNull();

    const signIn = async (username: string) => {
      const start = await startAuthorization(t);
      const answer = await submitLogin(t, start, { username, password: PASSWORD }, { remoteAddress: '10.9.0.1' });
      return { status: answer.statusCode, body: answer.json() };
    };
    const unknown = { status: 401, body: { code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials } };
    expect(await signIn(agent.npn)).toEqual(unknown);
    expect(await signIn('9999999990')).toEqual(unknown);

    // reactivated: a new sign-in works again
    await call('admin', 'PATCH', `/arc/staff/agents/${agent.npn}`, { status: 'active' });
    const again = await signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const back = await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(again.accessToken) });
    expect(back.statusCode).toBe(200);
  });
});

describe('unlock and registration link', () => {
  it('unlock clears the lock; 404 for an unknown NPN', async () => {
    const agent = await insertAgent(t.database.db, { npn: nextNpn() });
    const key = throttleKey({ agentId: agent.id, login: '' });
    await t.database.db
      .insert(signInThrottle)
      .values({ key, failures: 6, lockedUntil: new Date(Date.now() + 60_000), lastFailureAt: new Date() });
    const res = await call('operations', 'POST', `/arc/staff/agents/${agent.npn}/unlock`);
    expect(res.json()).toEqual({ message: STAFF_AGENT_MESSAGES.unlocked });
    expect(await t.database.db.select().from(signInThrottle).where(eq(signInThrottle.key, key))).toEqual([]);
    expect((await call('operations', 'POST', '/arc/staff/agents/9999999997/unlock')).statusCode).toBe(404);
  });

  it('e-mails a registration link to an unregistered agent; 409 for a registered one', async () => {
    const unregistered = await insertAgent(t.database.db, { npn: nextNpn(), password: null });
    const res = await call('admin', 'POST', `/arc/staff/agents/${unregistered.npn}/registration-link`);
    expect(res.statusCode).toBe(200);
    const [mail] = await waitForMail(t, unregistered.email);
    expect(mail!.text).toContain('/register/');
    const registered = await insertAgent(t.database.db, { npn: nextNpn() });
    expect((await call('admin', 'POST', `/arc/staff/agents/${registered.npn}/registration-link`)).statusCode).toBe(409);
  });
});

const BLANK_LINES = Buffer.from(`${' '.repeat(1023)}\n`.repeat(1024));

/** A roster header and then `size` bytes of blank lines, from one reused 1 MiB buffer. */
function* blankLines(size: number): Generator<Uint8Array> {
  yield Buffer.from(`${HEADER}\n`);
  for (let left = size; left > 0; left -= BLANK_LINES.length)
    yield BLANK_LINES.subarray(0, Math.min(left, BLANK_LINES.length));
}

describe('POST /arc/staff/imports/agents', () => {
  it('previews new, changed, unchanged and missing without writing, then applies it all with an audit event', async () => {
    const changed = await insertAgent(t.database.db, { npn: nextNpn(), state: 'WI' });
    const same = await insertAgent(t.database.db, { npn: nextNpn(), state: 'IL', email: 'same.one@example.test' });
    const absent = await insertAgent(t.database.db, { npn: nextNpn() });
    const fresh = nextNpn();
    const csv = [
      'NPN,First,Last,Email,Phone,State,Tier,Status',
      `${fresh},"Okafor, Jr.",Smith,New.One@Example.test,(608) 555-0100,wi,unlimited,Active`,
      `${changed.npn},${changed.firstName},${changed.lastName},${changed.email},${changed.mobilePhone},MN,Standard,active`,
      `${same.npn},${same.firstName},${same.lastName},${same.email},${same.mobilePhone},IL,Standard,active`,
      '',
    ].join('\r\n');
    const preview = await upload('operations', `\uFEFF${csv}`, '?dryRun=true&deactivateMissing=true');
    expect(preview.statusCode).toBe(200);
    const report = preview.json();
    expect(report).toMatchObject({ dryRun: true, applied: false, deactivateMissing: true });
    expect(report.counts).toMatchObject({ lines: 3, new: 1, changed: 1, unchanged: 1, rejected: 0 });
    expect(report.counts.missing).toBeGreaterThanOrEqual(1);
    expect(report.missing).toContain(absent.npn);
    expect(report.changed).toEqual([
      { line: 3, key: changed.npn, npn: changed.npn, changes: { state: { before: 'WI', after: 'MN' } } },
    ]);
    expect(report.new[0]).toMatchObject({ line: 2, npn: fresh });
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await agentByNpn(fresh)).toBeUndefined();

    const applied = await upload('operations', `\uFEFF${csv}`, '?deactivateMissing=true');
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, sha256: report.sha256 });
    expect(await agentByNpn(fresh)).toMatchObject({
      firstName: 'Okafor, Jr.',
      email: 'new.one@example.test',
      state: 'WI',
      memberSupportTier: 'Unlimited',
      status: 'Active',
      passwordHash: null,
    });
    expect((await agentByNpn(changed.npn))!.state).toBe('MN');
    expect((await agentByNpn(absent.npn))!.status).toBe('Inactive');
    const [event] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agents.imported'), eq(auditLog.subject, report.sha256)));
    expect(event!.detail).toMatchObject({ deactivateMissing: true, source: 'upload', counts: { new: 1 } });

    // without the option, absent agents stay as they are
    const other = await insertAgent(t.database.db, { npn: nextNpn() });
    expect((await upload('admin', csv)).json().counts).toMatchObject({ new: 0, changed: 0, unchanged: 3 });
    expect((await agentByNpn(other.npn))!.status).toBe('Active');
  });

  it('rejects malformed lines, duplicate NPNs and bad values with their line numbers, and then writes nothing', async () => {
    const bystander = await insertAgent(t.database.db, { npn: nextNpn() });
    const [a, b, c] = [nextNpn(), nextNpn(), nextNpn()];
    const csv = [
      HEADER,
      `${a},Ann,Lee,ann@example.test,,WI,Standard,active`,
      `${b},"Bo"b,Lee,bob@example.test,,WI,Standard,active`,
      `${a},Ann,Again,ann2@example.test,,WI,Standard,active`,
      `${c},Cy,Lee,not-an-email,,WI,Standard,active`,
      `${nextNpn()},Di,Lee,di@example.test,,ZZ,Standard,active`,
      `${nextNpn()},Ed,Lee,ed@example.test,,WI,Gold,active`,
      `${nextNpn()},Fy,Lee,fy@example.test,,WI,Standard`,
      `12ab,Gu,Lee,gu@example.test,,WI,Standard,active`,
    ].join('\n');
    const res = await upload('admin', csv, '?deactivateMissing=true');
    expect(res.statusCode).toBe(422);
    const report = res.json();
    expect(report).toMatchObject({ applied: false, counts: { lines: 8, new: 1, rejected: 7 } });
    expect(report.rejected.map((r: { line: number }) => r.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    const reasons = report.rejected.map((r: { reason: string }) => r.reason);
    expect(reasons[0]).toMatch(/^malformed CSV/);
    expect(reasons[1]).toBe(`npn: ${a} is also on line 2`);
    expect(reasons[2]).toMatch(/^email:/);
    expect(reasons[3]).toMatch(/^state:/);
    expect(reasons[4]).toMatch(/^tier:/);
    expect(reasons[5]).toBe('7 fields, expected 8');
    expect(reasons[6]).toMatch(/^npn:/);
    // nothing written: not the good line, no deactivation, no audit event
    expect(await agentByNpn(a)).toBeUndefined();
    const imported = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'agents.imported'), eq(auditLog.subject, report.sha256)));
    expect(imported).toEqual([]);
    expect((await agentByNpn(bystander.npn))!.status).toBe('Active');
  });

  it('answers 400 for a file that is not a roster', async () => {
    expect((await upload('admin', 'npn,first\n1,a\n')).statusCode).toBe(400);
    expect((await upload('admin', `${HEADER}\n`)).statusCode).toBe(400);
    expect((await upload('admin', '')).statusCode).toBe(400);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/arc/staff/imports/agents',
      headers: bearer(tokens.admin),
      payload: { roster: 'x' },
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('answers 413 for a file over the limit, and for a 200 MB upload at once', async () => {
    const big = Buffer.concat([...blankLines(AGENT_ROSTER_MAX_BYTES + 1)]);
    const res = await upload('admin', big);
    expect(res.statusCode).toBe(413);
    // a browser sends a file's length: 200 MB is refused before a byte of it is read
    const huge = multipart([{ name: 'roster', filename: 'huge.csv', body: blankLines(200 * 1024 * 1024) }]);
    let length = 0;
    for await (const chunk of huge.stream()) length += (chunk as Buffer).length;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/arc/staff/imports/agents?dryRun=true',
      headers: { ...bearer(tokens.admin), 'content-type': huge.contentType, 'content-length': String(length) },
      payload: huge.stream(),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toMatch(/over 32 MiB/);
  }, 60_000);
});

import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAppendOnly, withRetentionPurge } from '../../db/append-only.ts';
import { actionTokens, auditLog } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { hashToken, randomToken } from '../../platform/tokens.ts';
import { insertAgent, insertFile, insertTerms } from '../../seed/factories.ts';
import { addAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { startAuthorization, submitLogin } from '../../test/sign-in.ts';
import { bearer } from '../../test/tokens.ts';
import { writeAuditCsv, writeAuditXlsx } from './export-format.ts';
import { auditRecords, purgeExpiredAudit, recordAudit, type AuditRecord } from './service.ts';

const PASSWORD = 'Sturdy-Pass-42';
const clock = fixedClock('2026-11-23T15:00:00Z');
const PUBLISHED = new Date('2026-01-01T00:00:00Z');
let t: TestApp;
let ipCounter = 0;
const freshIp = () => `10.9.0.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t?.close();
});

async function recordsOf(agentId: string): Promise<AuditRecord[]> {
  const rows: AuditRecord[] = [];
  for await (const row of auditRecords(t.database.db, { agentId })) rows.push(row);
  return rows;
}
/** The database's own message (drizzle wraps it as the cause). */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (err) {
    return String((err as { cause?: Error }).cause?.message ?? (err as Error).message);
  }
  return 'not refused';
}
const actionsOf = async (agentId: string) => (await recordsOf(agentId)).map((r) => r.action);

describe('audit: sign-ins', () => {
  it('records a success with the agent, the time and the address', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    const ip = freshIp();
    const res = await submitLogin(
      t,
      await startAuthorization(t),
      { username: agent.username!, password: PASSWORD },
      {
        remoteAddress: ip,
      },
    );
    expect(res.statusCode).toBe(200);
    const [record] = await recordsOf(agent.id);
    expect(record).toMatchObject({
      agentId: agent.id,
      ip,
      action: 'sign-in.succeeded',
      subject: agent.username,
      occurredAt: clock.now(),
    });
  });

  it('records each failure with its reason, the lock, and a try while locked; never the password', async () => {
    const agent = await insertAgent(t.database.db, { password: PASSWORD });
    for (let i = 0; i < 6; i += 1) {
      const res = await submitLogin(
        t,
        await startAuthorization(t),
        { username: agent.npn, password: 'Wrong-Pass-42' },
        {
          remoteAddress: freshIp(),
        },
      );
      expect(res.statusCode).toBe(i < 4 ? 401 : 423);
    }
    const records = await recordsOf(agent.id);
    expect(records.map((r) => [r.action, (r.detail as { reason?: string } | null)?.reason])).toEqual([
      ...Array.from({ length: 5 }, () => ['sign-in.failed', 'wrong-password']),
      ['sign-in.locked', undefined],
      ['sign-in.failed', 'locked'],
    ]);
    expect(JSON.stringify(records)).not.toContain('Wrong-Pass-42');
  });

  it('records an unknown login without an agent, clipped to 200 characters', async () => {
    const login = `nobody-${'x'.repeat(250)}`;
    const res = await submitLogin(
      t,
      await startAuthorization(t),
      { username: login.slice(0, 254), password: 'x' },
      {
        remoteAddress: freshIp(),
      },
    );
    expect([400, 401]).toContain(res.statusCode);
    if (res.statusCode === 400) return; // the login is longer than the contract allows: nothing reached the check
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.subject} like 'nobody-%'`);
    expect(rows[0]).toMatchObject({ agentId: null, action: 'sign-in.failed', detail: { reason: 'unknown-login' } });
    expect(rows[0]!.subject!.length).toBeLessThanOrEqual(201);
  });
});

describe('audit: password changes', () => {
  async function linkToken(agentId: string, purpose: 'register' | 'forgot') {
    const token = randomToken();
    await t.database.db.insert(actionTokens).values({
      tokenHash: hashToken(token),
      agentId,
      purpose,
      createdAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    return token;
  }
  const setPassword = (token: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/arc/register/password',
      headers: bearer(token),
      payload: { password: 'Brand-New-Pass-77' },
      remoteAddress: ip,
    });

  it('records the first password (registration) and a reset, and nothing for a refused link', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const ip = freshIp();
    expect((await setPassword(await linkToken(agent.id, 'register'), ip)).statusCode).toBe(200);
    expect((await setPassword(await linkToken(agent.id, 'forgot'), ip)).statusCode).toBe(200);
    expect((await setPassword('not-a-live-link', ip)).statusCode).toBe(410);
    const records = await recordsOf(agent.id);
    expect(records.map((r) => [r.action, r.ip])).toEqual([
      ['password.created', ip],
      ['password.reset', ip],
    ]);
    expect(JSON.stringify(records)).not.toContain('Brand-New-Pass-77');
  });
});

describe('audit: downloads, exports and terms', () => {
  it('records a download when the file is sent, not when a token is only issued', async () => {
    const agent = await addAgent(t);
    const file = await insertFile(t.database.db, t.app.deps.storage, {
      name: 'Guide.pdf',
      contentType: 'application/pdf',
      body: '%PDF-1.7 guide',
      ownerAgentId: agent.id,
    });
    const issued = await t.app.inject({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: bearer(agent.token),
      payload: { file: file.id },
    });
    expect(await actionsOf(agent.id)).toEqual([]);
    const ip = freshIp();
    const res = await t.app.inject({ method: 'GET', url: `/arc/download/${issued.json().token}`, remoteAddress: ip });
    expect(res.statusCode).toBe(200);
    expect(await recordsOf(agent.id)).toEqual([
      expect.objectContaining({
        action: 'file.downloaded',
        ip,
        subject: file.id,
        detail: { name: 'Guide.pdf', size: 14 },
      }),
    ]);
  });

  it('records the enrollments export when the spreadsheet is opened', async () => {
    const agent = await addAgent(t);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/enrollments/export',
      headers: bearer(agent.token),
    });
    const ip = freshIp();
    const res = await t.app.inject({
      method: 'GET',
      url: `/arc/agent/enrollments/export/${issued.json().token}`,
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(200);
    expect(await recordsOf(agent.id)).toEqual([
      expect.objectContaining({ action: 'enrollments.exported', ip, subject: 'enrollments' }),
    ]);
  });

  it('records terms acceptance with the version, each time it is sent', async () => {
    const agent = await addAgent(t, { acceptTerms: false });
    // published before the test clock's "now" (a default publication time is the database's real now)
    const terms = await insertTerms(t.database.db, { publishedAt: PUBLISHED });
    const accept = () =>
      t.app.inject({
        method: 'POST',
        url: '/arc/agent/tosagreed',
        headers: bearer(agent.token),
        payload: { tosid: terms.id },
        remoteAddress: '10.9.9.9',
      });
    expect((await accept()).statusCode).toBe(200);
    clock.advance(1000);
    expect((await accept()).statusCode).toBe(200);
    const records = await recordsOf(agent.id);
    expect(records.map((r) => [r.action, r.subject, (r.detail as { isFirst: boolean }).isFirst, r.ip])).toEqual([
      ['terms.accepted', String(terms.id), true, '10.9.9.9'],
      ['terms.accepted', String(terms.id), false, '10.9.9.9'],
    ]);
  });
});

describe('audit: the address as trusted by TRUST_PROXY', () => {
  it('takes X-Forwarded-For from a named proxy only', async () => {
    const behind = await createTestApp({ clock, env: { TRUST_PROXY: '10.0.0.2' } });
    try {
      const terms = await insertTerms(behind.database.db, { publishedAt: PUBLISHED });
      const agent = await addAgent(behind, { acceptTerms: false });
      const accept = (remoteAddress: string) =>
        behind.app.inject({
          method: 'POST',
          url: '/arc/agent/tosagreed',
          headers: { ...bearer(agent.token), 'x-forwarded-for': '203.0.113.7' },
          payload: { tosid: terms.id },
          remoteAddress,
        });
      await accept('10.0.0.2');
      await accept('198.51.100.1');
      const rows = await behind.database.db.select({ ip: auditLog.ip }).from(auditLog).orderBy(auditLog.id);
      expect(rows.map((r) => r.ip)).toEqual(['203.0.113.7', '198.51.100.1']);
    } finally {
      await behind.close();
    }
  });
});

describe('audit: append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from anyone, and keeps the row', async () => {
    await recordAudit(
      { db: t.database.db, clock },
      { agentId: 'agt_guarded', ip: '10.0.0.1', action: 'file.downloaded' },
    );
    const attempts = [
      sql`update audit_log set action = 'sign-in.succeeded' where agent_id = 'agt_guarded'`,
      sql`delete from audit_log where agent_id = 'agt_guarded'`,
      sql`truncate audit_log`,
    ];
    for (const statement of attempts) {
      expect(await refusal(t.database.db.execute(statement))).toMatch(/audit_log is append-only/);
    }
    expect(await actionsOf('agt_guarded')).toEqual(['file.downloaded']);
  });

  it('lets only the retention purge delete, and only rows older than the retention', async () => {
    const purgeClock = fixedClock('2026-01-01T00:00:00Z');
    const deps = { db: t.database.db, clock: purgeClock };
    await recordAudit(deps, { agentId: 'agt_old', ip: null, action: 'terms.accepted' });
    purgeClock.set('2026-06-01T00:00:00Z');
    await recordAudit(deps, { agentId: 'agt_old', ip: null, action: 'file.downloaded' });
    expect(await purgeExpiredAudit(deps, 0)).toBe(0);
    expect(await purgeExpiredAudit(deps, 100)).toBeGreaterThanOrEqual(1);
    expect(await actionsOf('agt_old')).toEqual(['file.downloaded']);
    // the purge setting is local to its transaction: afterwards a plain delete is refused again
    await withRetentionPurge(t.database.db, async () => 0);
    expect(await refusal(t.database.db.execute(sql`delete from audit_log where agent_id = 'agt_old'`))).toMatch(
      /append-only: DELETE refused/,
    );
  });

  it('puts a dropped or disabled guard back at the next start, and leaves a current one alone', async () => {
    const db = t.database.db;
    await recordAudit({ db, clock }, { agentId: 'agt_regard', ip: null, action: 'file.downloaded' });
    await db.execute(sql`drop trigger audit_log_no_truncate on audit_log`);
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await ensureAppendOnly(db);
    expect(await refusal(db.execute(sql`truncate audit_log`))).toMatch(/audit_log is append-only/);
    expect(await refusal(db.execute(sql`delete from audit_log where agent_id = 'agt_regard'`))).toMatch(
      /audit_log is append-only/,
    );
    // current: nothing is rewritten (the function's catalogue row keeps its version)
    const version = async () =>
      (await db.execute<{ xmin: string }>(sql`select xmin::text from pg_proc where proname = 'arc_refuse_change'`))
        .rows[0]?.xmin;
    const before = await version();
    await ensureAppendOnly(db);
    expect(await version()).toBe(before);
  });

  it('has no update or delete in the module except the purge', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = import.meta.dirname;
    const sources = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(sources).not.toMatch(/\.update\(/);
    expect(sources.match(/\.delete\(/g)).toHaveLength(1);
  });
});

describe('audit:export formats', () => {
  const hostile: AuditRecord = {
    id: 1,
    occurredAt: new Date('2026-11-23T15:00:00Z'),
    agentId: null,
    staffId: null,
    agentNpn: null,
    agentFirstName: null,
    agentLastName: null,
    staffEmail: null,
    ip: '10.0.0.1',
    action: 'sign-in.failed',
    subject: '=HYPERLINK("http://evil","x"),\n2',
    detail: { reason: 'unknown-login' },
  };
  async function* one() {
    yield hostile;
  }

  it('writes CSV with quoting and formula-looking cells defused', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    async function* two() {
      yield hostile;
      // a plain number written as text and a phone number are left alone; @ and + starts are defused
      yield { ...hostile, id: 2, agentId: '@agent', ip: '+1 608', subject: '-56.25', detail: '(608) 555-0102' };
    }
    expect(await writeAuditCsv(two(), out)).toBe(2);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text).toBe(
      'id,occurred_at,agent_id,agent_npn,agent_name,staff_email,ip,action,subject,detail\r\n' +
        '1,2026-11-23T15:00:00.000Z,,,,,10.0.0.1,sign-in.failed,"\'=HYPERLINK(""http://evil"",""x""),\n2","{""reason"":""unknown-login""}"\r\n' +
        `2,2026-11-23T15:00:00.000Z,'@agent,,,,'+1 608,sign-in.failed,-56.25,"""(608) 555-0102"""\r\n`,
    );
  });

  it('writes an .xlsx whose cells are text, never formulas', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => out.on('end', resolve));
    expect(await writeAuditXlsx(one(), out)).toBe(1);
    await done;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect(row.getCell(9).value).toBe(`'${hostile.subject}`);
    expect(row.getCell(9).formula).toBeUndefined();
  });
});

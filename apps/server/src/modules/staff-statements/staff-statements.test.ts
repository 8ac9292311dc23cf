import type { StaffRole, StatementReport } from '@arc/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, commissionStatementLines, commissionStatements, notifications } from '../../db/schema/index.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

const HEADER = 'npn,statement_date,carrier,policy_number,client,product,effective_date,transaction,premium,commission';
let t: TestApp;
let dana: TestAgent;
let marcus: TestAgent;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role }))).token;
  }
  dana = await addAgent(t);
  marcus = await addAgent(t);
});
afterAll(async () => {
  await t?.close();
});

function upload(csv: string, { role = 'admin', query = '' }: { role?: StaffRole | null; query?: string } = {}) {
  const body = multipart([{ name: 'file', filename: 'statements.csv', contentType: 'text/csv', body: csv }]);
  return t.app.inject({
    method: 'POST',
    url: `/arc/staff/statements${query}`,
    headers: { ...(role ? bearer(tokens[role]) : {}), 'content-type': body.contentType },
    payload: body.buffer(),
  });
}
const line = (npn: string, period: string, policy: string, commission: string, client = 'Moore, Linda') =>
  `${npn},${period},Humana,${policy},"${client}",Medicare Advantage,${period},New,112.40,${commission}`;
const file = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

const statementsOf = (period: string) =>
  t.database.db.select().from(commissionStatements).where(eq(commissionStatements.statementDate, period));
const listAs = (agent: TestAgent) =>
  t.app.inject({ method: 'GET', url: '/arc/agent/commissions/all/0', headers: bearer(agent.token) });
const download = (agent: TestAgent, id: string) =>
  t.app.inject({ method: 'GET', url: `/arc/agent/commissions/${id}`, headers: bearer(agent.token) });
const notificationsOf = (agent: TestAgent) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.agentId, agent.id), eq(notifications.kind, 'commission-statement')));

describe('POST /arc/staff/statements', () => {
  it('answers 401 without a token and 403 for content and support', async () => {
    const csv = file(line(dana.npn, '2026-10-01', 'P1', '10.00'));
    expect((await upload(csv, { role: null })).statusCode).toBe(401);
    expect((await upload(csv, { role: 'content' })).statusCode).toBe(403);
    expect((await upload(csv, { role: 'support' })).statusCode).toBe(403);
    expect(await statementsOf('2026-10-01')).toEqual([]);
  });

  it('previews without writing anything: counts, agents and the total', async () => {
    const csv = file(
      line(dana.npn, '2026-09-01', 'P1', '320.50'),
      line(dana.npn, '2026-09-01', 'P2', '-56.25'),
      line(marcus.npn, '2026-09-01', 'P3', '12'),
    );
    const res = await upload(csv, { role: 'operations', query: '?dryRun=true' });
    expect(res.statusCode).toBe(200);
    const report = res.json<StatementReport>();
    expect(report).toMatchObject({
      dryRun: true,
      applied: false,
      counts: { lines: 3, new: 3, rejected: 0 },
      summary: { period: '2026-09-01', agents: 2, total: '276.25', replaces: 0 },
    });
    expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await statementsOf('2026-09-01')).toEqual([]);
    expect(await notificationsOf(dana)).toEqual([]);
  });

  it('rejects bad lines with their numbers and reasons, and writes nothing (422)', async () => {
    const csv = file(
      line(dana.npn, '2026-08-01', 'P1', '10.00'),
      line('99999999', '2026-08-01', 'P2', '10.00'),
      line(dana.npn, '2026-08-01', 'P3', '12.505'),
      line(dana.npn, '2026-13-01', 'P4', '10.00'),
      `${dana.npn},2026-08-01,,P5,Client,Dental,2026-08-01,New,1.00,1.00`,
      line(dana.npn, '2026-07-01', 'P6', '10.00'),
      line(dana.npn, '2026-08-01', 'P1', '10.00'),
    );
    const res = await upload(csv);
    expect(res.statusCode).toBe(422);
    const report = res.json<StatementReport>();
    expect(report.applied).toBe(false);
    // a line refused as it is read keeps its text for the rejects file
    expect(report.rejected[1]!.content).toBe(line(dana.npn, '2026-08-01', 'P3', '12.505'));
    expect(report.rejected.map(({ line: number, reason }) => ({ line: number, reason }))).toEqual([
      { line: 3, reason: 'npn: no agent with NPN 99999999' },
      { line: 4, reason: 'commission: is not an amount (dollars with up to two decimals, as 320.50)' },
      { line: 5, reason: 'statement_date: is not a date (YYYY-MM-DD)' },
      { line: 6, reason: 'carrier: is required' },
      {
        line: 7,
        reason: "statement_date: 2026-07-01 is not the file's period 2026-08-01 (one statement date per file)",
      },
      {
        line: 8,
        reason:
          'npn, policy_number, transaction and effective_date: ' + `${dana.npn}, P1, New, 2026-08-01 is also on line 2`,
      },
    ]);
    expect(await statementsOf('2026-08-01')).toEqual([]);
  });

  it('answers 400 for an empty file, a wrong header and a header alone', async () => {
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);
    const wrong = await upload('npn,date,amount\r\n1,2026-01-01,3\r\n');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/missing: statement_date/);
    const headerOnly = await upload(`${HEADER}\r\n`);
    expect(headerOnly.statusCode).toBe(400);
    expect(headerOnly.json().message).toBe('The file has no statement line below its header');
  });

  it('publishes: each agent gets one statement, its CSV, one notification, and an audit event', async () => {
    const csv = file(
      line(dana.npn, '2026-06-01', 'P1', '320.50'),
      line(marcus.npn, '2026-06-01', 'P9', '99.00', 'Clark, Susan'),
      line(dana.npn, '2026-06-01', 'P2', '-56.25', '=HYPERLINK(x)'),
    );
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    const report = res.json<StatementReport>();
    expect(report).toMatchObject({ applied: true, summary: { agents: 2, total: '363.25' } });

    const { data } = (await listAs(dana)).json();
    const statement = data.find((s: { date: string }) => s.date === '2026-06-01');
    expect(statement).toMatchObject({ first: dana.firstName, last: dana.lastName, formatted: 'June 1st, 2026' });
    const csvRes = await download(dana, statement.id);
    expect(csvRes.statusCode).toBe(200);
    expect(csvRes.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csvRes.headers['content-disposition']).toBe(
      `attachment; filename=${dana.firstName}_${dana.lastName}_2026-06-01.csv`,
    );
    expect(csvRes.body).toBe(
      'Carrier,Policy Number,Client,Product,Effective Date,Transaction,Premium,Commission\r\n' +
        'Humana,P1,"Moore, Linda",Medicare Advantage,2026-06-01,New,112.40,320.50\r\n' +
        `Humana,P2,'=HYPERLINK(x),Medicare Advantage,2026-06-01,New,112.40,-56.25\r\n` +
        'Total,,,,,,,264.25\r\n',
    );
    expect(await notificationsOf(dana)).toHaveLength(1);
    expect((await notificationsOf(dana))[0]).toMatchObject({ link: '/commissions' });
    expect(await notificationsOf(marcus)).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'commission-statements.published'), eq(auditLog.subject, report.sha256)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ period: '2026-06-01', agents: 2, total: '363.25' });
  });

  it("never shows another agent's statement lines", async () => {
    const mine = (await listAs(marcus)).json().data.find((s: { date: string }) => s.date === '2026-06-01');
    const danas = (await listAs(dana)).json().data.find((s: { date: string }) => s.date === '2026-06-01');
    expect(mine.id).not.toBe(danas.id);
    const own = await download(marcus, mine.id);
    expect(own.body).toContain('P9');
    expect(own.body).not.toContain('P1');
    const other = await download(marcus, danas.id);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await download(marcus, 'cms_nope')).json());
  });

  it('re-uploading a period replaces its statements at once, and notifies again once per agent', async () => {
    const before = await upload(file(line(dana.npn, '2026-06-01', 'P7', '1.00')), { query: '?dryRun=true' });
    expect(before.json().summary.replaces).toBe(2);
    const res = await upload(
      file(line(dana.npn, '2026-06-01', 'P7', '1.00'), line(dana.npn, '2026-06-01', 'P8', '2.00')),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().summary.replaces).toBe(2);
    const rows = await statementsOf('2026-06-01');
    expect(rows.map((r) => r.agentId)).toEqual([dana.id]);
    const lines = await t.database.db.select().from(commissionStatementLines);
    expect(lines.filter((l) => l.statementId === rows[0]!.id).map((l) => l.policyNumber)).toEqual(['P7', 'P8']);
    expect(lines.some((l) => ['P1', 'P2', 'P9'].includes(l.policyNumber))).toBe(false);
    expect(await notificationsOf(dana)).toHaveLength(2);
    expect(await notificationsOf(marcus)).toHaveLength(1);
  });

  it('two publishes of one period at once: both succeed, one after the other, and one file stands whole', async () => {
    const [a, b] = await Promise.all([
      upload(file(line(dana.npn, '2026-05-01', 'PA1', '1.00'), line(marcus.npn, '2026-05-01', 'PA2', '2.00'))),
      upload(file(line(dana.npn, '2026-05-01', 'PB1', '3.00'))),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await statementsOf('2026-05-01');
    const lines = await t.database.db.select().from(commissionStatementLines);
    const policies = lines
      .filter((l) => rows.some((r) => r.id === l.statementId))
      .map((l) => l.policyNumber)
      .sort();
    expect([['PA1', 'PA2'], ['PB1']]).toContainEqual(policies);
    expect(rows).toHaveLength(policies.length);
  });

  it('a publish that fails halfway leaves the period as it was', async () => {
    const { db } = t.database;
    const notifiedBefore = (await notificationsOf(marcus)).length;
    await db.execute(sql`
      create function refuse_statement_line() returns trigger language plpgsql as $$
      begin
        if new.client = 'FAIL' then raise exception 'refused'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger refuse_statement_line before insert on commission_statement_lines
      for each row execute function refuse_statement_line()`);
    const res = await upload(
      file(line(marcus.npn, '2026-06-01', 'P5', '5.00'), line(dana.npn, '2026-06-01', 'P6', '6.00', 'FAIL')),
    );
    expect(res.statusCode).toBe(500);
    await db.execute(sql`drop trigger refuse_statement_line on commission_statement_lines`);
    const rows = await statementsOf('2026-06-01');
    expect(rows.map((r) => r.agentId)).toEqual([dana.id]);
    const lines = await db
      .select()
      .from(commissionStatementLines)
      .where(eq(commissionStatementLines.statementId, rows[0]!.id));
    expect(lines.map((l) => l.policyNumber)).toEqual(['P7', 'P8']);
    expect(await notificationsOf(marcus)).toHaveLength(notifiedBefore);
  });
});

import type { StaffRole } from '@arc/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock.ts';
import { insertAgent } from '../../seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';
import { recordAudit, summariseDetail } from './service.ts';

// 2026-11-20 09:00 in Los Angeles (the business time zone) is 17:00 UTC
const clock = fixedClock('2026-11-20T17:00:00Z');
let t: TestApp;
const tokens = {} as Record<StaffRole, string>;
const staffIds = {} as Record<StaffRole, string>;
let agent: { id: string; npn: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    staffIds[role] = await insertStaff(t, { role, email: `${role}@audit.test` });
    tokens[role] = (await mintStaffToken(t, staffIds[role])).token;
  }
  const inserted = await insertAgent(t.database.db, { npn: '61000001', firstName: 'Audrey', lastName: 'Tallis' });
  agent = { id: inserted.id, npn: inserted.npn };
  const deps = { db: t.database.db, clock };
  // 72 downloads by the agent over a day and a half (ending 2026-11-19 20:30 local), a staff change, and a sign-in failure with a hostile subject
  for (let i = 0; i < 72; i += 1) {
    clock.set(new Date(Date.parse('2026-11-18T17:00:00Z') + i * 30 * 60 * 1000));
    await recordAudit(deps, { agentId: agent.id, ip: '10.1.0.1', action: 'file.downloaded', detail: { n: i } });
  }
  clock.set('2026-11-20T18:00:00Z');
  await recordAudit(deps, {
    agentId: agent.id,
    staffId: staffIds.operations,
    ip: '10.1.0.2',
    action: 'agent.updated',
    subject: agent.npn,
    detail: { before: { tier: 'Standard' }, after: { tier: 'Unlimited' } },
  });
  await recordAudit(deps, {
    agentId: null,
    ip: '10.1.0.3',
    action: 'sign-in.failed',
    subject: '=HYPERLINK("http://evil","x")',
    detail: { reason: 'unknown-login' },
  });
  clock.set('2026-11-21T17:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

const get = (role: StaffRole, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[role]) });

interface Page {
  rows: { id: number; action: string; agent: { npn: string; name: string } | null; staffEmail: string | null }[];
  nextCursor: string | null;
}

describe('GET /arc/staff/audit', () => {
  it('lets admin, operations and support read; content gets 403', async () => {
    for (const role of ['admin', 'operations', 'support'] as const) {
      expect((await get(role, '/arc/staff/audit')).statusCode).toBe(200);
    }
    expect((await get('content', '/arc/staff/audit')).statusCode).toBe(403);
  });

  it('answers 50 a page, newest first, with the agent and the staff member named; the cursor walks every row', async () => {
    const first = (await get('admin', '/arc/staff/audit')).json<Page>();
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0]).toMatchObject({ action: 'sign-in.failed', agent: null, ip: '10.1.0.3' });
    expect(first.rows[1]).toMatchObject({
      action: 'agent.updated',
      agent: { npn: '61000001', name: 'Audrey Tallis' },
      staffEmail: 'operations@audit.test',
      // a change reads as a person says it, not as the stored JSON
      detail: 'Tier: Standard → Unlimited',
    });
    const ids = [...first.rows.map((r) => r.id)];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await get('admin', `/arc/staff/audit?cursor=${cursor}`)).json<Page>();
      ids.push(...page.rows.map((r) => r.id));
      cursor = page.nextCursor;
    }
    expect(ids).toHaveLength(74);
    expect(new Set(ids).size).toBe(74);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('filters by agent (NPN or name), staff e-mail, action and days in the business time zone', async () => {
    const count = async (query: string) => {
      let total = 0;
      let cursor: string | null = '';
      do {
        const res = await get('admin', `/arc/staff/audit?${query}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode, res.body).toBe(200);
        const page: Page = res.json();
        total += page.rows.length;
        cursor = page.nextCursor;
      } while (cursor);
      return total;
    };
    expect(await count('agent=61000001')).toBe(73);
    expect(await count('agent=tall')).toBe(73);
    expect(await count('agent=audrey%20t')).toBe(73);
    expect(await count('agent=nobody')).toBe(0);
    expect(await count('staff=operations@')).toBe(1);
    expect(await count('action=file.downloaded')).toBe(72);
    expect(await count('action=agent.updated&agent=61000001')).toBe(1);
    // 2026-11-18 in Los Angeles: 09:00 to 23:30 local, every half hour (30 rows)
    expect(await count('from=2026-11-18&to=2026-11-18')).toBe(30);
    expect(await count('from=2026-11-20')).toBe(2);
    expect(await count('from=2026-11-19&to=2026-11-19')).toBe(42);
    expect(await count('agent=&staff=&action=&from=&to=')).toBe(74);
  });

  it('answers 400 for an unknown action, a date that is not one, a malformed cursor and overlong text', async () => {
    for (const query of [
      'action=sign-in.maybe',
      'from=2026-02-30',
      'to=yesterday',
      'cursor=abc',
      `agent=${'x'.repeat(101)}`,
      `staff=${'x'.repeat(255)}`,
    ]) {
      expect((await get('admin', `/arc/staff/audit?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('has no call that edits or deletes a record', async () => {
    const latest = (await get('admin', '/arc/staff/audit')).json<Page>().rows[0]!;
    for (const method of ['PATCH', 'PUT', 'DELETE', 'POST'] as const) {
      for (const url of ['/arc/staff/audit', `/arc/staff/audit/${latest.id}`]) {
        const res = await t.app.inject({ method, url, headers: bearer(tokens.admin), payload: {} });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect(t.app.printRoutes({ commonPrefix: false })).not.toMatch(/audit.*\((?:[^)]*)(PATCH|PUT|DELETE)/);
  });

  it('is append-only in the database: an UPDATE or DELETE of a record is refused', async () => {
    const refused = async (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'done',
        (err: { cause?: Error; message: string }) => err.cause?.message ?? err.message,
      );
    expect(await refused(sql`update audit_log set action = 'sign-in.succeeded'`)).toMatch(/append-only/);
    expect(await refused(sql`delete from audit_log`)).toMatch(/append-only/);
    expect((await get('admin', '/arc/staff/audit?action=file.downloaded')).json<Page>().rows).toHaveLength(50);
  });
});

describe('GET /arc/staff/audit/export', () => {
  it('lets only admin export: operations, support and content get 403', async () => {
    for (const role of ['operations', 'support', 'content'] as const) {
      expect((await get(role, '/arc/staff/audit/export')).statusCode).toBe(403);
    }
  });

  it('streams the filtered rows as an .xlsx, newest first, formulas defused, and records the export', async () => {
    const res = await get('admin', '/arc/staff/audit/export?agent=61000001&from=2026-11-20');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Audit log 2026-11-21.xlsx"');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Audit log');
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual([
      'id',
      'occurred_at',
      'agent_id',
      'agent_npn',
      'agent_name',
      'staff_email',
      'ip',
      'action',
      'subject',
      'detail',
    ]);
    // 2026-11-20 from 00:00 Los Angeles: the change only (the downloads end the evening before)
    expect(sheet.rowCount - 1).toBe(1);
    expect(sheet.getRow(2).getCell(8).value).toBe('agent.updated');
    expect(sheet.getRow(2).getCell(5).value).toBe('Audrey Tallis');
    expect(sheet.getRow(2).getCell(6).value).toBe('operations@audit.test');

    const all = await get('admin', '/arc/staff/audit/export?action=sign-in.failed');
    const hostile = new ExcelJS.Workbook();
    await hostile.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    const cell = hostile.worksheets[0]!.getRow(2).getCell(9);
    expect(cell.value).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(cell.formula).toBeUndefined();

    const recorded = (await get('admin', '/arc/staff/audit?action=audit.exported')).json<Page>().rows;
    expect(recorded).toHaveLength(2);
    expect(recorded[1]).toMatchObject({
      staffEmail: 'admin@audit.test',
      detail: 'Filters: {"from":"2026-11-20","agent":"61000001"}',
    });
  });

  it('answers 400 for a bad filter before anything is sent', async () => {
    const res = await get('admin', '/arc/staff/audit/export?action=nope');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('summariseDetail', () => {
  it('reads a change as "Field: old → new" (only what changed), two values as "old → new", the rest as "Field: value"', () => {
    expect(
      summariseDetail({
        before: { status: 'active', memberSupportTier: 'Standard', state: 'WI' },
        after: { status: 'active', memberSupportTier: 'Unlimited', state: 'MN' },
        reason: 'Moved',
      }),
    ).toBe('Member support tier: Standard → Unlimited; State: WI → MN; Reason: Moved');
    expect(summariseDetail({ from: 'Open', to: 'In progress' })).toBe('Open → In progress');
    expect(summariseDetail({ from: null, to: 'stf_1' })).toBe('— → stf_1');
    expect(summariseDetail({ before: { tier: 'Standard' }, after: { tier: 'Standard' } })).toBe('No change');
    expect(summariseDetail({ factor: 'totp' })).toBe('Factor: totp');
    expect(summariseDetail('x'.repeat(400))).toHaveLength(301);
  });
});

import { CLIENT_TEXT, type ClientDetail, type ClientPage, type StaffClient } from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, enrollments, soas, soaVersions } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { insertEnrollment } from '../../seed/enrollments.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';
import { decryptMbi, encryptMbi } from './mbi-cipher.ts';
import { turning65Range } from './service.ts';

/** 2026-09-20 09:00 in Los Angeles: before the Annual Enrollment Period (the annual review is due). */
const clock = fixedClock('2026-09-20T16:00:00.000Z');
const MBI = '1EG4-TE5-MK73';
const MBI_PLAIN = '1EG4TE5MK73';

let t: TestApp;
let agent: TestAgent;
let other: TestAgent;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
  agent = await addAgent(t, { npn: '74000001' });
  other = await addAgent(t, { npn: '74000002' });
});
afterAll(async () => {
  await t?.close();
});

const input = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Linda',
  lastName: 'Berg',
  birthDate: '1959-03-14',
  phone: '(414) 555-0142',
  email: 'linda.berg@example.org',
  street: '1200 N Prospect Ave',
  city: 'Milwaukee',
  state: 'WI',
  zip: '53202',
  county: 'Milwaukee',
  language: 'en',
  mbi: MBI,
  consentToContact: true,
  consentMethods: ['phone', 'email'],
  status: 'Active',
  notes: 'Prefers morning calls.',
  soaId: null,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, who: TestAgent = agent) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/arc/agent/clients',
    headers: bearer(who.token),
    payload: input(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.body).not.toContain(MBI_PLAIN);
  return res.json<ClientDetail>();
}

const find = async (query: string, who: TestAgent = agent) => {
  const res = await t.app.inject({ method: 'GET', url: `/arc/agent/clients?${query}`, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toContain(MBI_PLAIN);
  return res.json<ClientPage>();
};

/** An SOA of `agentId` for `name`, signed (or not) a day before the appointment. */
async function insertSoa(agentId: string, name: string, options: { signed?: boolean } = {}) {
  const id = `soa_t${++serial}`;
  const appointmentAt = new Date('2026-09-25T17:00:00.000Z');
  await t.database.db.insert(soas).values({
    id,
    agentId,
    beneficiaryName: name,
    email: `soa${serial}@example.org`,
    mobile: '',
    language: 'en',
    currentVersion: 1,
    createdAt: clock.now(),
  });
  await t.database.db.insert(soaVersions).values({
    soaId: id,
    version: 1,
    appointmentAt,
    appointmentKind: 'phone',
    products: ['medicare-advantage', 'part-d'],
    ruleSet: '2026',
    sentAt: clock.now(),
    linkExpiresAt: new Date('2026-10-20T00:00:00.000Z'),
    signedAt: options.signed === false ? null : new Date('2026-09-24T17:00:00.000Z'),
    signerName: options.signed === false ? null : name,
    retainUntil: new Date('2036-09-24T00:00:00.000Z'),
  });
  return id;
}

describe('POST /arc/agent/clients', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/arc/agent/clients', payload: input() });
    expect(res.statusCode).toBe(401);
  });

  it('creates a client: the MBI stored encrypted, answered masked, its last 4 apart', async () => {
    const client = await create();
    expect(client).toMatchObject({
      firstName: 'Linda',
      lastName: 'Berg',
      mbiMasked: '****-***-MK73',
      status: 'Active',
    });
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row!.mbiLast4).toBe('MK73');
    expect(row!.mbiEncrypted).not.toContain(MBI_PLAIN);
    expect(row!.mbiEncrypted).toMatch(/^v1\./);
    expect(decryptMbi(t.config.clientDataKeys, client.id, row!.mbiEncrypted!)).toBe(MBI_PLAIN);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.created'), eq(auditLog.subject, client.id)));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(MBI_PLAIN);
  });

  it('refuses a malformed body with the field’s message and writes nothing', async () => {
    const before = await t.database.db.select().from(clients).where(eq(clients.agentId, agent.id));
    for (const [field, value, message] of [
      ['mbi', '1234', CLIENT_TEXT.mbiInvalid],
      ['birthDate', '1959-02-30', CLIENT_TEXT.birthDateInvalid],
      ['email', 'not-an-address', CLIENT_TEXT.emailInvalid],
      ['firstName', '', CLIENT_TEXT.needsFirst],
      ['zip', '123', CLIENT_TEXT.zipInvalid],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/agent/clients',
        headers: bearer(other.token),
        payload: input({ [field]: value }),
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field]).toContain(message);
    }
    const oversize = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/clients',
      headers: bearer(other.token),
      payload: input({ notes: 'x'.repeat(4001) }),
    });
    expect(oversize.statusCode).toBe(400);
    const after = await t.database.db.select().from(clients).where(eq(clients.agentId, agent.id));
    expect(after).toHaveLength(before.length);
  });

  it('creates a client from an SOA and links it; another agent’s SOA is 404, a linked one refused', async () => {
    const soaId = await insertSoa(agent.id, 'Walter Okafor');
    const client = await create({ firstName: 'Walter', lastName: 'Okafor', mbi: null, soaId });
    expect(client.soas).toEqual([expect.objectContaining({ id: soaId, status: 'Signed' })]);

    const taken = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/clients',
      headers: bearer(agent.token),
      payload: input({ firstName: 'Walt', mbi: null, soaId }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json<{ message: string }>().message).toBe(CLIENT_TEXT.soaTaken);

    const othersSoa = await insertSoa(other.id, 'Alma Reyes');
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/clients',
      headers: bearer(agent.token),
      payload: input({ firstName: 'Alma', lastName: 'Reyes', mbi: null, soaId: othersSoa }),
    });
    expect(res.statusCode).toBe(404);
    // nothing half-written: no client named Alma Reyes
    const rows = await t.database.db.select().from(clients).where(eq(clients.lastName, 'Reyes'));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /arc/agent/clients', () => {
  let mine: ClientDetail[];
  beforeAll(async () => {
    mine = [
      await create({
        firstName: 'Harold',
        lastName: 'Lindqvist',
        phone: '+1 (608) 555-0199',
        email: 'harold@example.net',
        county: 'Dane',
        language: 'es',
        mbi: '2AC4-DE5-FG12',
        status: 'Prospect',
        birthDate: '1961-10-01',
      }),
      await create({ firstName: 'Dolores', lastName: 'Brennan', mbi: null, county: 'Dane', status: 'Inactive' }),
    ];
    await create({ firstName: 'Harold', lastName: 'Other', mbi: null }, other);
  });

  it('searches the agent’s own clients by name, phone, e-mail and the MBI’s last 4', async () => {
    const names = (page: ClientPage) => page.rows.map((r) => `${r.firstName} ${r.lastName}`);
    expect(names(await find('q=harold'))).toEqual(['Harold Lindqvist']);
    expect(names(await find('q=Harold%20Lind'))).toEqual(['Harold Lindqvist']);
    expect(names(await find('q=lindq'))).toEqual(['Harold Lindqvist']);
    expect(names(await find('q=608-555'))).toEqual(['Harold Lindqvist']);
    expect(names(await find('q=16085550199'))).toEqual(['Harold Lindqvist']);
    expect(names(await find('q=HAROLD@example'))).toEqual(['Harold Lindqvist']);
    expect(names(await find('q=fg12'))).toEqual(['Harold Lindqvist']);
    expect(names(await find('q=MK73'))).toContain('Linda Berg');
    // a name prefix with LIKE's wildcards matches them literally
    expect((await find('q=%25')).rows).toEqual([]);
    expect(names(await find('q=Other'))).toEqual([]);
  });

  it('filters by county, language, status and turning 65 within a month; lists the counties', async () => {
    const page = await find('county=Dane');
    expect(page.rows.map((r) => r.lastName).sort()).toEqual(['Brennan', 'Lindqvist']);
    expect(page.counties).toEqual(expect.arrayContaining(['Dane', 'Milwaukee']));
    expect((await find('language=es')).rows.map((r) => r.lastName)).toEqual(['Lindqvist']);
    expect((await find('status=Inactive')).rows.map((r) => r.lastName)).toEqual(['Brennan']);
    // 2026-09-20: born 1961-09-20 … 1961-10-20 turn 65 within a month
    expect(turning65Range(clock.now(), 'America/Los_Angeles')).toEqual(['1961-09-20', '1961-10-20']);
    expect((await find('turning65=true')).rows.map((r) => r.lastName)).toEqual(['Lindqvist']);
    expect(mine).toHaveLength(2);
  });

  it('pages by name with a cursor; a forged cursor is 400', async () => {
    const agentOfMany = await addAgent(t, { npn: '74000010' });
    const values = Array.from({ length: 105 }, (_, i) => ({
      id: `cli_page${i}`,
      agentId: agentOfMany.id,
      firstName: 'Pat',
      lastName: `Page${String(i).padStart(3, '0')}`,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    }));
    await t.database.db.insert(clients).values(values);
    const first = await find('', agentOfMany);
    expect(first.rows).toHaveLength(100);
    expect(first.nextCursor).not.toBeNull();
    const second = await find(`cursor=${first.nextCursor}`, agentOfMany);
    expect(second.rows.map((r) => r.lastName)).toEqual(['Page100', 'Page101', 'Page102', 'Page103', 'Page104']);
    expect(second.nextCursor).toBeNull();
    const forged = await t.app.inject({
      method: 'GET',
      url: '/arc/agent/clients?cursor=bm90LWpzb24',
      headers: bearer(agentOfMany.token),
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('another agent’s client', () => {
  it('answers 404 on every route', async () => {
    const client = await create({ firstName: 'Irene', lastName: 'Moreau', birthDate: '1950-01-01' });
    const dup = await create({ firstName: 'Irene', lastName: 'Moreau', birthDate: '1950-01-01', mbi: null });
    const calls = [
      { method: 'GET', url: `/arc/agent/clients/${client.id}` },
      { method: 'PUT', url: `/arc/agent/clients/${client.id}`, payload: input({ mbi: null }) },
      { method: 'POST', url: `/arc/agent/clients/${client.id}/mbi` },
      { method: 'POST', url: `/arc/agent/clients/${client.id}/merge`, payload: { duplicateId: dup.id } },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: bearer(other.token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.body).not.toContain('Irene');
    }
    // merging another agent's duplicate into one's own is 404 too, and moves nothing
    const mine = await create({ firstName: 'Irene', lastName: 'Moreau', birthDate: '1950-01-01', mbi: null }, other);
    const res = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/clients/${mine.id}/merge`,
      headers: bearer(other.token),
      payload: { duplicateId: client.id },
    });
    expect(res.statusCode).toBe(404);
    expect(await t.database.db.select().from(clients).where(eq(clients.id, client.id))).toHaveLength(1);
  });
});

describe('PUT /arc/agent/clients/:id', () => {
  it('changes the fields, keeps the MBI when none is sent, audits the field names only', async () => {
    const client = await create({ firstName: 'Eugene', lastName: 'Haddad' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/arc/agent/clients/${client.id}`,
      headers: bearer(agent.token),
      payload: {
        ...input({ firstName: 'Eugene', lastName: 'Haddad', phone: '414-555-0100', mbi: null }),
        soaId: undefined,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ClientDetail>()).toMatchObject({ phone: '414-555-0100', mbiMasked: '****-***-MK73' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.updated'), eq(auditLog.subject, client.id)));
    expect(audit!.detail).toEqual({ fields: ['phone', 'phoneDigits'] });
  });
});

describe('POST /arc/agent/clients/:id/mbi', () => {
  it('reveals the full MBI only through the audited action', async () => {
    const client = await create({ firstName: 'Marjorie', lastName: 'Takahashi' });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/arc/agent/clients/${client.id}`,
      headers: bearer(agent.token),
    });
    expect(detail.body).not.toContain(MBI_PLAIN);
    const res = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/clients/${client.id}/mbi`,
      headers: bearer(agent.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mbi: MBI_PLAIN });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.mbi-revealed'), eq(auditLog.subject, client.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.agentId).toBe(agent.id);
  });

  it('answers 404 for a client without an MBI', async () => {
    const client = await create({ firstName: 'Frank', lastName: 'Kowalski', mbi: null });
    const res = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/clients/${client.id}/mbi`,
      headers: bearer(agent.token),
    });
    expect(res.statusCode).toBe(404);
  });

  it('an MBI copied onto another row does not decrypt (bound to the client’s id)', () => {
    const stored = encryptMbi(t.config.clientDataKeys, 'cli_a', MBI_PLAIN);
    expect(() => decryptMbi(t.config.clientDataKeys, 'cli_b', stored)).toThrow();
  });
});

describe('duplicates and POST /arc/agent/clients/:id/merge', () => {
  it('offers the same name and birth date for merge; the merge keeps every link of both', async () => {
    const soaA = await insertSoa(agent.id, 'Ruth Kowalczyk');
    const soaB = await insertSoa(agent.id, 'Ruth Kowalczyk', { signed: false });
    const kept = await create({
      firstName: 'Ruth',
      lastName: 'Kowalczyk',
      birthDate: '1955-05-05',
      mbi: null,
      soaId: soaA,
    });
    const dup = await create({
      firstName: 'ruth',
      lastName: 'KOWALCZYK',
      birthDate: '1955-05-05',
      phone: '',
      soaId: soaB,
      notes: 'Second record',
    });
    const enrollment = await insertEnrollment(t.database.db, { agentId: agent.id, status: 'Pended', clientId: dup.id });

    const detail = await t.app.inject({
      method: 'GET',
      url: `/arc/agent/clients/${kept.id}`,
      headers: bearer(agent.token),
    });
    expect(detail.json<ClientDetail>().duplicates.map((d) => d.id)).toEqual([dup.id]);

    const res = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/clients/${kept.id}/merge`,
      headers: bearer(agent.token),
      payload: { duplicateId: dup.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json<ClientDetail>();
    expect(merged.soas.map((s) => s.id).sort()).toEqual([soaA, soaB].sort());
    expect(merged.enrollments.map((e) => e.id)).toEqual([enrollment.id]);
    expect(merged.mbiMasked).toBe('****-***-MK73');
    expect(merged.notes).toContain('Second record');
    expect(merged.duplicates).toEqual([]);
    expect(merged.due.map((d) => d.kind)).toEqual(['soa-unsigned', 'enrollment-pended', 'annual-review']);
    expect(await t.database.db.select().from(clients).where(eq(clients.id, dup.id))).toEqual([]);
    const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, enrollment.id));
    expect(row!.clientId).toBe(kept.id);

    const reveal = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/clients/${kept.id}/mbi`,
      headers: bearer(agent.token),
    });
    expect(reveal.json()).toEqual({ mbi: MBI_PLAIN });

    const self = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/clients/${kept.id}/merge`,
      headers: bearer(agent.token),
      payload: { duplicateId: kept.id },
    });
    expect(self.statusCode).toBe(400);
  });
});

describe('GET /arc/agent/clients/export/:token', () => {
  it('streams the filtered list as .xlsx with the MBI masked, once per token, audited', async () => {
    const token = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/clients/export',
      headers: bearer(agent.token),
    });
    expect(token.statusCode).toBe(200);
    const url = `/arc/agent/clients/export/${token.json<{ token: string }>().token}?county=Milwaukee`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('Clients.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const cells: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
    expect(cells).toContain('****-***-MK73');
    expect(cells.join(' ')).not.toContain(MBI_PLAIN);
    expect(cells).not.toContain('Dane');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(410);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'clients.exported'));
    expect(audit).toHaveLength(1);
  });
});

describe('staff: GET /arc/staff/clients', () => {
  it('reads clients by NPN for admin, operations and support, each read audited; content is 403', async () => {
    const client = await create({ firstName: 'Leon', lastName: 'Staffread' });
    const support = (await mintStaffToken(t, await insertStaff(t, { role: 'support' }))).token;
    const content = (await mintStaffToken(t, await insertStaff(t, { role: 'content' }))).token;
    const res = await t.app.inject({
      method: 'GET',
      url: `/arc/staff/clients?npn=74000001&q=staffread`,
      headers: bearer(support),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(MBI_PLAIN);
    expect(res.json<StaffClient[]>().map((c) => c.id)).toEqual([client.id]);
    const one = await t.app.inject({ method: 'GET', url: `/arc/staff/clients/${client.id}`, headers: bearer(support) });
    expect(one.statusCode).toBe(200);
    expect(one.body).not.toContain(MBI_PLAIN);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'clients.staff-read'));
    expect(audit.map((a) => a.subject)).toEqual(expect.arrayContaining(['search 74000001', client.id]));
    expect(
      (await t.app.inject({ method: 'GET', url: `/arc/staff/clients?npn=74000001`, headers: bearer(content) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/arc/staff/clients?npn=74000001`, headers: bearer(agent.token) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/arc/staff/clients/cli_nope`, headers: bearer(support) })).statusCode,
    ).toBe(404);
  });
});

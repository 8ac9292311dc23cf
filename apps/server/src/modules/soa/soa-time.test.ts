import { inflateSync } from 'node:zlib';
import { SOA_TEXT, type Agent, type Soa, type SoaDetail } from '@arc/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { soas } from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { linkIn, waitForMail } from '../../test/mail.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

/**
 * The one time rule (issue 45): each kind of time in its zone, with an injected clock. An agent in Wisconsin books
 * 10:00 AM Central; the e-mail, the signing page, the PDF and the export say 10:00 AM CST whatever the business
 * zone (Los Angeles here); an appointment in the past is refused; the export keeps every version.
 */
const START = '2026-12-01T18:00:00.000Z';
const clock = fixedClock(START);
/** 17 December 2026, 10:00 AM in Chicago */
const TEN_CHICAGO = '2026-12-17T16:00:00.000Z';

let t: TestApp;
let wisconsin: TestAgent;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ clock });
  wisconsin = await addAgent(t, { npn: '74500001', state: 'WI' });
});
afterAll(async () => {
  await t?.close();
});

const body = (overrides: Record<string, unknown> = {}) => ({
  beneficiaryName: 'Walter Olson',
  email: `walter${++n}@example.org`,
  mobile: '',
  language: 'en',
  appointmentAt: TEN_CHICAGO,
  appointmentKind: 'phone',
  products: ['medicare-advantage', 'part-d', 'dental-vision-hearing', 'hospital-indemnity', 'medicare-supplement'],
  exceptionReason: null,
  ...overrides,
});

async function create(who: TestAgent, overrides: Record<string, unknown> = {}) {
  const payload = body(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/arc/agent/soa', headers: bearer(who.token), payload });
  expect(res.statusCode, res.body).toBe(201);
  const [mail] = await waitForMail(t, payload.email);
  const token = linkIn(mail!, 'http://localhost:8080/soa/sign/').split('/').pop()!;
  return { soa: res.json<{ soa: Soa }>().soa, mail: mail!, token };
}

const sign = (token: string, products: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/arc/soa-signing',
    headers: { ...bearer(token), 'user-agent': 'Test' },
    remoteAddress: `10.45.0.${++n % 250}`,
    payload: { signer: 'beneficiary', relationship: '', signerName: 'Walter Olson', products, agreed: true },
  });

function pdfText(pdf: Buffer): string {
  const parts: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      parts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return parts.join('\n');
}

async function exportRows(who: TestAgent): Promise<Record<string, string>[]> {
  const token = await t.app.inject({ method: 'POST', url: '/arc/agent/soa/export', headers: bearer(who.token) });
  const xlsx = await t.app.inject({ method: 'GET', url: `/arc/agent/soa/export/${token.json().token}` });
  expect(xlsx.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, string>[] = [];
  for (let i = 2; i <= sheet.rowCount; i++) {
    const values = (sheet.getRow(i).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, j) => [h, values[j] === undefined ? '' : String(values[j])])));
  }
  return rows;
}

describe('the appointment’s zone (issue 45)', () => {
  it('is the agent’s (from their state) when the request names none; e-mail, page, PDF and export say it', async () => {
    clock.set(START);
    const { soa, mail, token } = await create(wisconsin);
    expect(soa.current.appointmentTimeZone).toBe('America/Chicago');
    // the business zone is Los Angeles: the e-mail still says the time the appointment was booked for
    expect(mail.text).toContain('Thursday, December 17, 2026 at 10:00 AM CST');
    expect(mail.text).not.toContain('PST');

    const page = await t.app.inject({ method: 'GET', url: '/arc/soa-signing', headers: bearer(token) });
    expect(page.json()).toMatchObject({ appointmentTimeZone: 'America/Chicago', appointmentAt: TEN_CHICAGO });

    clock.set('2026-12-02T15:30:00.000Z');
    expect((await sign(token, ['medicare-advantage', 'part-d', 'medicare-supplement'])).statusCode).toBe(200);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/arc/agent/soa/${soa.id}`, headers: bearer(wisconsin.token) })
    ).json<SoaDetail>();
    const file = detail.current.file!;
    const issued = await t.app.inject({
      method: 'POST',
      url: '/arc/downloadtoken',
      headers: bearer(wisconsin.token),
      payload: { file },
    });
    const pdf = await t.app.inject({ method: 'GET', url: `/arc/download/${issued.json().token}` });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Thursday, December 17, 2026 at 10:00 AM CST');
    // signed at 9:30 AM Chicago: written in the appointment's zone too
    expect(text).toContain('Wednesday, December 2, 2026 at 9:30 AM CST');

    const rows = await exportRows(wisconsin);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Version: '1',
      Appointment: 'Thursday, December 17, 2026 at 10:00 AM CST',
      'Time zone': 'America/Chicago',
      'Products requested':
        'Medicare Advantage, Stand-alone Part D, Dental/vision/hearing, Hospital indemnity, Medicare Supplement',
      'Products agreed': 'Medicare Advantage, Stand-alone Part D, Medicare Supplement',
      Status: 'Signed',
      Replaced: '',
    });
  });

  it('is the one the request names (an agent travelling), also for the change that replaces it', async () => {
    clock.set(START);
    const agent = await addAgent(t, { npn: '74500002', state: 'WI' });
    const { soa, mail } = await create(agent, { appointmentTimeZone: 'Asia/Tokyo' });
    expect(soa.current.appointmentTimeZone).toBe('Asia/Tokyo');
    expect(mail.text).toContain('Friday, December 18, 2026 at 1:00 AM GMT+9');
    const changed = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/versions`,
      headers: bearer(agent.token),
      payload: { appointmentAt: '2026-12-19T01:00:00.000Z', exceptionReason: null },
    });
    expect(changed.statusCode, changed.body).toBe(201);
    expect(changed.json<SoaDetail>().current.appointmentTimeZone).toBe('Asia/Tokyo');
  });

  it('refuses an unknown zone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/soa',
      headers: bearer(wisconsin.token),
      payload: body({ appointmentTimeZone: 'Mars/Olympus' }),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('no backdating (issue 45)', () => {
  it('refuses an appointment at or before now, on a request and on a change, and writes nothing', async () => {
    clock.set(START);
    const agent = await addAgent(t, { npn: '74500003', state: 'WI' });
    for (const appointmentAt of [START, '2026-12-01T17:59:00.000Z', '2025-01-01T00:00:00.000Z']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/agent/soa',
        headers: bearer(agent.token),
        payload: body({ appointmentAt }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SOA_TEXT.appointmentPast);
    }
    expect(await t.database.db.select().from(soas).where(eq(soas.agentId, agent.id))).toEqual([]);

    const { soa } = await create(agent);
    const change = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/versions`,
      headers: bearer(agent.token),
      payload: { appointmentAt: '2026-11-30T16:00:00.000Z', exceptionReason: null },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(SOA_TEXT.appointmentPast);
    const after = await t.app.inject({ method: 'GET', url: `/arc/agent/soa/${soa.id}`, headers: bearer(agent.token) });
    expect(after.json<SoaDetail>().versions).toHaveLength(1);
  });
});

describe('the export keeps every version (issue 45)', () => {
  it('a signed version 1 stays Signed after version 2 is cancelled, and says it was replaced', async () => {
    clock.set(START);
    const agent = await addAgent(t, { npn: '74500004', state: 'WI' });
    const { soa, token } = await create(agent);
    expect((await sign(token, ['part-d'])).statusCode).toBe(200);
    clock.set('2026-12-03T16:00:00.000Z');
    const changed = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/versions`,
      headers: bearer(agent.token),
      payload: { appointmentAt: '2026-12-18T16:00:00.000Z', exceptionReason: null },
    });
    expect(changed.statusCode).toBe(201);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/cancel`,
      headers: bearer(agent.token),
    });
    expect(cancelled.statusCode).toBe(200);
    const rows = await exportRows(agent);
    expect(rows.map((r) => [r.Version, r.Status, r['Products agreed']])).toEqual([
      ['2', 'Cancelled', ''],
      ['1', 'Signed', 'Stand-alone Part D'],
    ]);
    expect(rows[1]!.Replaced).toBe('Replaced by version 2 on Thursday, December 3, 2026 at 10:00 AM CST');
  });
});

describe('whose zone an instant is shown in (issue 45)', () => {
  it('an agent: their setting, else their state’s; bad zones are refused', async () => {
    const agent = await addAgent(t, { npn: '74500005', state: 'NY' });
    const info = async () =>
      (await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(agent.token) })).json<{
        agent: Agent;
      }>().agent;
    expect(await info()).toMatchObject({
      timeZone: 'America/New_York',
      timeZoneSetting: null,
      defaultTimeZone: 'America/New_York',
    });
    const put = (timeZone: unknown) =>
      t.app.inject({ method: 'PUT', url: '/arc/user/time-zone', headers: bearer(agent.token), payload: { timeZone } });
    const set = await put('Asia/Tokyo');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Asia/Tokyo' });
    expect(await info()).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneSetting: 'Asia/Tokyo' });
    for (const bad of ['Mars/Olympus', 'x'.repeat(500), 42]) expect((await put(bad)).statusCode).toBe(400);
    expect((await put(null)).json()).toEqual({ timeZone: 'America/New_York' });
    const anonymous = await t.app.inject({ method: 'PUT', url: '/arc/user/time-zone', payload: { timeZone: null } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a staff member: their setting, else the business zone', async () => {
    const staffId = await insertStaff(t, { role: 'support' });
    const { token } = await mintStaffToken(t, staffId);
    const me = await t.app.inject({ method: 'GET', url: '/arc/staff/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({
      timeZone: t.config.businessTimeZone,
      timeZoneSetting: null,
      defaultTimeZone: t.config.businessTimeZone,
    });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/arc/staff/me/time-zone',
      headers: bearer(token),
      payload: { timeZone: 'America/Chicago' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/arc/staff/me', headers: bearer(token) })).json()).toMatchObject({
      timeZone: 'America/Chicago',
      timeZoneSetting: 'America/Chicago',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/arc/staff/me/time-zone',
      headers: bearer(token),
      payload: { timeZone: 'Nowhere/Else' },
    });
    expect(bad.statusCode).toBe(400);
    // an agent's token is not a staff member's
    const agentCall = await t.app.inject({
      method: 'PUT',
      url: '/arc/staff/me/time-zone',
      headers: bearer(wisconsin.token),
      payload: { timeZone: null },
    });
    expect(agentCall.statusCode).toBe(403);
  });
});

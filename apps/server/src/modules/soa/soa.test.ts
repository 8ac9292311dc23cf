import { inflateSync } from 'node:zlib';
import {
  MEDICARE_ADVANTAGE,
  PERSON_NAME_MESSAGES,
  PRESCRIPTION_DRUG_PLAN,
  SOA_TEXT,
  type Soa,
  type SoaDetail,
  type SoaLink,
} from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  agentReadyToSell,
  agents,
  clients,
  notifications,
  soas,
  soaVersions,
  supplyProductCounties,
  supplyProducts,
  supplyProductTypes,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { insertCertifiedContract } from '../../seed/contracts.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { allMail, linkIn, waitForMail } from '../../test/mail.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';
import { toWinAnsi } from './pdf.ts';

/** 2026-09-20 09:00 in Los Angeles: plan year 2026 marketing still. */
const START = '2026-09-20T16:00:00.000Z';
const clock = fixedClock(START);
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let agent: TestAgent;
let other: TestAgent;
let address = 0;
/** each signing-page call from its own address, so the per-IP limit is only met where a test wants it */
const nextIp = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await createTestApp({ clock });
  agent = await addAgent(t, { npn: '73000001' });
  other = await addAgent(t, { npn: '73000002' });
});
afterAll(async () => {
  await t?.close();
});

const request = (overrides: Record<string, unknown> = {}) => ({
  beneficiaryName: 'Rosa Martínez',
  email: `rosa${++address}@example.org`,
  mobile: '',
  language: 'es',
  appointmentAt: '2026-09-30T17:00:00.000Z',
  appointmentKind: 'phone',
  products: ['medicare-advantage', 'part-d'],
  exceptionReason: null,
  ...overrides,
});

async function createSoa(overrides: Record<string, unknown> = {}, who: TestAgent = agent) {
  const body = request(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/arc/agent/soa', headers: bearer(who.token), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  const { soa, link } = res.json<{ soa: Soa; link: SoaLink }>();
  const [mail] = await waitForMail(t, body.email);
  const token = linkIn(mail!, 'http://localhost:8080/soa/sign/').split('/').pop()!;
  return { soa, link, token, mail: mail! };
}

const signing = (token: string, ip = nextIp()) =>
  t.app.inject({ method: 'GET', url: '/arc/soa-signing', headers: bearer(token), remoteAddress: ip });

const sign = (token: string, overrides: Record<string, unknown> = {}, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/arc/soa-signing',
    headers: { ...bearer(token), 'user-agent': 'Mozilla/5.0 (iPhone) Test' },
    remoteAddress: ip,
    payload: {
      signer: 'beneficiary',
      relationship: '',
      signerName: 'Rosa Martínez',
      products: ['medicare-advantage'],
      agreed: true,
      ...overrides,
    },
  });

const detail = async (id: string, who: TestAgent = agent) => {
  const res = await t.app.inject({ method: 'GET', url: `/arc/agent/soa/${id}`, headers: bearer(who.token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SoaDetail>();
};

/** The text a PDF shows: its content streams inflated, each hex string of a Tj decoded (pdf-lib's standard fonts). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
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

async function downloadAs(who: TestAgent, file: string) {
  const issued = await t.app.inject({
    method: 'POST',
    url: '/arc/downloadtoken',
    headers: bearer(who.token),
    payload: { file },
  });
  if (issued.statusCode !== 200) return issued;
  const { token } = issued.json<{ token: string }>();
  return t.app.inject({ method: 'GET', url: `/arc/download/${token}`, headers: bearer(who.token) });
}

describe('POST /arc/agent/soa and the signing link', () => {
  it('sends a single-use link, opens the form (Opened), signs once, stores the PDF and tells the agent', async () => {
    clock.set(START);
    const { soa, link, token, mail } = await createSoa();
    expect(soa.current.status).toBe('Sent');
    expect(link).toEqual({ path: null, sentTo: mail.to });
    expect(mail.subject).toContain('Firme el Alcance de la Cita');

    const page = await signing(token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json()).toMatchObject({
      state: 'open',
      language: 'es',
      beneficiaryName: 'Rosa Martínez',
      agent: { npn: '73000001' },
      products: ['medicare-advantage', 'part-d'],
    });
    expect((await detail(soa.id)).current.status).toBe('Opened');

    clock.advance(HOUR);
    const signed = await sign(token);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toEqual({ state: 'signed' });

    // the link then shows the confirmation and nothing else; a second signature is refused
    expect((await signing(token)).json()).toEqual({ state: 'signed' });
    expect((await sign(token)).statusCode).toBe(410);

    const after = await detail(soa.id);
    expect(after.current).toMatchObject({
      status: 'Signed',
      signerName: 'Rosa Martínez',
      productsAgreed: ['medicare-advantage'],
      flags: [],
    });
    expect(after.current.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(String(after.current.validUntil)).toBe('2027-09-20T17:00:00.000Z');

    const pdf = await downloadAs(agent, after.current.file!);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(toWinAnsi('Firmado por (nombre escrito): Rosa Martínez'));
    expect(text).toContain('[X] Planes Medicare Advantage (Parte C) y Planes de Costo');
    expect(text).toContain(toWinAnsi('[ ] Planes de medicamentos recetados de Medicare (Parte D), solos'));
    expect(text).toContain(after.current.sha256!);
    expect(text).toContain('Mozilla/5.0 (iPhone) Test');

    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.agentId, agent.id), eq(notifications.kind, 'soa-signed')));
    expect(note).toMatchObject({ title: 'Rosa Martínez signed the Scope of Appointment', link: '/soa' });
    const [agentMail] = await waitForMail(t, agent.email);
    expect(agentMail!.subject).toContain('signed the Scope of Appointment');
  });

  it('answers one "expired" for an unknown token, a missing one and an expired link; the list says Expired', async () => {
    clock.set(START);
    const { soa, token } = await createSoa({ appointmentAt: '2026-09-22T17:00:00.000Z' });
    const unknown = await signing('x'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().message).toBe('This link is expired.');
    expect((await t.app.inject({ method: 'GET', url: '/arc/soa-signing', remoteAddress: nextIp() })).statusCode).toBe(
      410,
    );
    // the link works until a day after the appointment
    clock.set('2026-09-23T16:59:00.000Z');
    expect((await signing(token)).statusCode).toBe(200);
    clock.set('2026-09-23T17:00:00.000Z');
    const expired = await signing(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual(unknown.json());
    expect((await sign(token)).statusCode).toBe(410);
    expect((await detail(soa.id)).current.status).toBe('Expired');
  });

  it('refuses malformed bodies (400) and writes nothing', async () => {
    clock.set(START);
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/arc/agent/soa', headers: bearer(agent.token), payload: payload as object });
    const before = (await t.app.inject({ method: 'GET', url: '/arc/agent/soa', headers: bearer(agent.token) })).json<
      Soa[]
    >().length;
    for (const payload of [
      request({ products: [] }),
      request({ products: ['life-insurance'] }),
      request({ email: 'not-an-address' }),
      request({ email: '', mobile: '' }),
      request({ appointmentAt: 'tomorrow' }),
      request({ language: 'fr' }),
      request({ exceptionReason: 'because' }),
      request({ beneficiaryName: ' ' }),
      [],
    ])
      expect((await post(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: '/arc/agent/soa', headers: bearer(agent.token) })).json<
      Soa[]
    >().length;
    expect(after).toBe(before);

    const { token } = await createSoa();
    expect((await sign(token, { agreed: false })).statusCode).toBe(400);
    expect((await sign(token, { products: [] })).statusCode).toBe(400);
    expect((await sign(token, { signerName: '' })).statusCode).toBe(400);
    expect((await sign(token, { signer: 'representative', relationship: '' })).statusCode).toBe(400);
    // only what the agent listed can be ticked
    expect((await sign(token, { products: ['medicare-supplement'] })).statusCode).toBe(400);
    // none of it spent the link
    const representative = await sign(token, {
      signer: 'representative',
      relationship: 'Daughter',
      signerName: 'Ana M',
    });
    expect(representative.statusCode, representative.body).toBe(200);
  });

  it('answers an 80,000-character e-mail address with a 400 at once (its pattern never runs past the length limit)', async () => {
    // the pattern backtracked over the dots: 9 s for this body, and the server answered nobody meanwhile
    const email = `a@${'.'.repeat(80_000)}!@`;
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/agent/soa',
      headers: bearer(agent.token),
      payload: request({ email }),
    });
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(SOA_TEXT.emailInvalid);
    // a generous bound for a loaded machine: the request took 9 s before
    expect(elapsed).toBeLessThan(500);
  });

  it('counts refused bodies against the per-agent limit: the 61st malformed request of the hour is a 429', async () => {
    const flooder = await addAgent(t, { npn: '73000011' });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/agent/soa',
        headers: bearer(flooder.token),
        payload: request({ email: 'not-an-address' }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
    // the limit is the agent's own: another agent still gets an answer
    expect(
      (await t.app.inject({ method: 'GET', url: '/arc/agent/soa', headers: bearer(agent.token) })).statusCode,
    ).toBe(200);
  });

  it('refuses a beneficiary name of more than one line (400, a clear reason) and writes nothing', async () => {
    clock.set(START);
    const count = async () =>
      (await t.app.inject({ method: 'GET', url: '/arc/agent/soa', headers: bearer(agent.token) })).json<Soa[]>().length;
    const before = await count();
    for (const beneficiaryName of [
      'Rosa\nVisit http://evil.example/claim',
      'Rosa\r\nBcc: x@evil.example',
      'Rosa\tM',
      'Rosa\u202Eevil',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/agent/soa',
        headers: bearer(agent.token),
        payload: request({ beneficiaryName }),
      });
      expect(res.statusCode, beneficiaryName).toBe(400);
      expect(res.json()).toMatchObject({
        message: PERSON_NAME_MESSAGES.oneLine,
        fieldErrors: { beneficiaryName: [PERSON_NAME_MESSAGES.oneLine] },
      });
    }
    const { token } = await createSoa();
    const signed = await sign(token, { signerName: 'Rosa\nhttp://evil.example' });
    expect(signed.statusCode).toBe(400);
    expect(signed.json().message).toBe(PERSON_NAME_MESSAGES.oneLine);
    expect(await count()).toBe(before + 1);
  });

  it('sends what the agent typed as inert text: no link but the signing link, in the text or an HTML part', async () => {
    clock.set(START);
    const { mail, token } = await createSoa({ beneficiaryName: 'Evil.com Bank http://evil.example www.evil.example' });
    // the name reads the same (zero-width spaces aside) …
    expect(mail.text.replaceAll('\u200B', '')).toContain('Evil.com Bank http://evil.example www.evil.example');
    // … but no mail client finds an address in it: the only URL-like text is the signing link
    const urlLike = /(?:https?:\/\/|www\.)\S+|\b[\w-]+\.(?:com|example)\b/gi;
    expect(mail.text.match(urlLike)).toEqual([`http://localhost:8080/soa/sign/${token}`]);
    if (mail.html !== null) {
      expect(mail.html.match(/<a\b/gi) ?? []).toHaveLength(1);
      expect(mail.html.replace(/<[^>]*>/g, '').match(urlLike)).toEqual([`http://localhost:8080/soa/sign/${token}`]);
    }

    // the agent's news of the signature: the names and the relationship typed on the page, inert too
    const known = (await allMail(t)).filter((m) => m.to === agent.email).length;
    const signed = await sign(token, {
      signer: 'representative',
      relationship: 'Son www.evil.example',
      signerName: 'Ed',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const [notice] = await waitForMail(t, agent.email, { count: known + 1 });
    expect(notice!.subject.match(urlLike)).toBeNull();
    expect(notice!.text.match(urlLike)).toEqual(['http://localhost:8080/soa']);
    expect(notice!.text.replaceAll('\u200B', '')).toContain('by an authorized representative (Son www.evil.example)');
  });

  it('rate-limits the public page per address (429)', async () => {
    const ip = '10.250.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await signing('y'.repeat(43), ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 410)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('the SOA e-mail carries the TPMO disclaimer', () => {
  /** the CY2024 wording (in force on START for plan year 2026), its general form without the sentence of numbers */
  const GENERAL_EN =
    'We do not offer every plan available in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.';
  const GENERAL_ES =
    'No ofrecemos todos los planes disponibles en su área. Comuníquese con Medicare.gov, el 1-800-MEDICARE o el Programa Estatal de Asistencia sobre Seguros de Salud (SHIP) de su localidad para obtener información sobre todas sus opciones.';

  it('in the general form while the beneficiary’s area is unknown, English and Spanish', async () => {
    clock.set(START);
    const { mail } = await createSoa({ language: 'en' });
    expect(mail.text).toContain(
      `${GENERAL_EN} Your agent will tell you at the start of the appointment how many organizations and plans they represent in your area.`,
    );
    expect(mail.text).not.toContain('Currently we represent');
    const { mail: spanish } = await createSoa({ language: 'es' });
    expect(spanish.text).toContain(
      `${GENERAL_ES} Su agente le dirá al comienzo de la cita cuántas organizaciones y planes representa en su área.`,
    );
  });

  it("with the agent's counts for the ZIP of the SOA's client: the MA plans of its county and the PDPs of its state", async () => {
    clock.set(START);
    const seller = await addAgent(t, { npn: '73000031' });
    const db = t.database.db;
    await db
      .insert(supplyProductTypes)
      .values([
        { name: MEDICARE_ADVANTAGE, isByCounty: true },
        { name: PRESCRIPTION_DRUG_PLAN, isByCounty: false },
      ])
      .onConflictDoNothing();
    // plan year 2026 (marketed on START): two MA plans in Dane County (ZIP 53703), one WI PDP; the agent is Ready
    // with Humana's MA plans and PDPs, not with Aetna's
    await db
      .insert(supplyProducts)
      .values(
        [
          {
            id: 'ma_2026_WI_H1111_001_000',
            contractId: 'H1111',
            planId: '001',
            orgName: 'Humana',
            type: MEDICARE_ADVANTAGE,
          },
          {
            id: 'ma_2026_WI_H2222_001_000',
            contractId: 'H2222',
            planId: '001',
            orgName: 'Aetna',
            type: MEDICARE_ADVANTAGE,
          },
          {
            id: 'pdp_2026_WI_S5884_131_000',
            contractId: 'S5884',
            planId: '131',
            orgName: 'Humana',
            type: PRESCRIPTION_DRUG_PLAN,
          },
        ].map((p) => ({ ...p, year: 2026, stateCode: 'WI', planName: `${p.orgName} ${p.planId}`, segmentId: '000' })),
      )
      .onConflictDoNothing();
    await db
      .insert(supplyProductCounties)
      .values([
        { countyFips: '55025', productId: 'ma_2026_WI_H1111_001_000' },
        { countyFips: '55025', productId: 'ma_2026_WI_H2222_001_000' },
      ])
      .onConflictDoNothing();
    await db.insert(agentReadyToSell).values(
      ['MA', 'PDP'].map((productType) => ({
        agentId: seller.id,
        orgName: 'Humana',
        stateCode: 'WI',
        productType,
        year: 2026,
        status: 'ready',
        asOf: '2026-09-01',
      })),
    );
    // what the marks stand for (the Ready rule): an active Humana contract certified for both kinds of 2026
    await insertCertifiedContract(db, {
      agentId: seller.id,
      carrier: 'Humana',
      certified: [
        [2026, 'Medicare Advantage'],
        [2026, 'Prescription Drug Plan'],
      ],
    });
    const { soa, mail } = await createSoa({ language: 'en' }, seller);
    expect(mail.text).toContain(GENERAL_EN);
    // the SOA linked to the agent's client in Madison: the next e-mail counts Humana's MA plan and its PDP there
    const now = new Date(START);
    await db.insert(clients).values({
      id: 'client_madison',
      agentId: seller.id,
      firstName: 'Rosa',
      lastName: 'Martínez',
      zip: '53703',
      createdAt: now,
      updatedAt: now,
    });
    await db.update(soas).set({ clientId: 'client_madison' }).where(eq(soas.id, soa.id));
    const resend = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/link`,
      headers: bearer(seller.token),
      payload: { delivery: 'email' },
    });
    expect(resend.statusCode, resend.body).toBe(200);
    const [counted] = await waitForMail(t, mail.to, { count: 2 });
    expect(counted!.text).toContain(
      'We do not offer every plan available in your area. Currently we represent 1 organizations which offer 2 products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
    );
    expect(counted!.text).not.toContain('Your agent will tell you');
  });
});

describe('the rules by appointment date (soa-rules.ts)', () => {
  /** Creates an SOA for `appointmentAt` and signs it at `signAt`; answers the flags. */
  async function flagsFor(appointmentAt: string, signAt: string, exceptionReason: string | null = null) {
    clock.set(new Date(new Date(signAt).getTime() - 24 * 7 * HOUR));
    const { soa, token } = await createSoa({ appointmentAt, exceptionReason });
    clock.set(signAt);
    expect((await sign(token)).statusCode).toBe(200);
    const current = (await detail(soa.id)).current;
    return { ruleSet: current.ruleSet, flags: current.flags };
  }

  it('through plan year 2026: a signature less than 48 hours before is flagged, 48 hours is not, an exception lifts it', async () => {
    const appointment = '2026-09-30T17:00:00.000Z';
    expect(await flagsFor(appointment, '2026-09-28T17:00:00.000Z')).toEqual({ ruleSet: 'through-py2026', flags: [] });
    expect(await flagsFor(appointment, '2026-09-28T17:00:01.000Z')).toEqual({
      ruleSet: 'through-py2026',
      flags: ['signed-inside-wait'],
    });
    expect((await flagsFor(appointment, '2026-09-30T16:00:00.000Z', 'walk-in')).flags).toEqual([]);
    expect((await flagsFor(appointment, '2026-09-30T16:00:00.000Z', 'election-period-end')).flags).toEqual([]);
    expect((await flagsFor(appointment, '2026-09-30T17:00:00.000Z', 'walk-in')).flags).toEqual([
      'signed-after-appointment',
    ]);
  });

  it('from 1 October 2026 (plan year 2027): no 48-hour wait, but still before the appointment', async () => {
    // 30 September 23:30 in Los Angeles is still the old rules; 1 October 00:30 is the new ones
    expect((await flagsFor('2026-10-01T06:30:00.000Z', '2026-10-01T05:30:00.000Z')).ruleSet).toBe('through-py2026');
    expect(await flagsFor('2026-10-01T06:30:00.000Z', '2026-10-01T05:30:00.000Z')).toEqual({
      ruleSet: 'through-py2026',
      flags: ['signed-inside-wait'],
    });
    expect(await flagsFor('2026-10-01T07:30:00.000Z', '2026-10-01T06:30:00.000Z')).toEqual({
      ruleSet: 'py2027',
      flags: [],
    });
    expect(await flagsFor('2026-10-01T07:30:00.000Z', '2026-10-01T07:30:00.000Z')).toEqual({
      ruleSet: 'py2027',
      flags: ['signed-after-appointment'],
    });
  });

  it('lists unsigned SOAs with a near appointment first, flagged', async () => {
    const fresh = await addAgent(t, { npn: '73000009' });
    clock.set(START);
    const later = await createSoa({ appointmentAt: '2026-10-20T17:00:00.000Z' }, fresh);
    const near = await createSoa({ appointmentAt: '2026-09-21T17:00:00.000Z' }, fresh);
    const signedOne = await createSoa({ appointmentAt: '2026-09-25T17:00:00.000Z' }, fresh);
    expect((await sign(signedOne.token)).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/arc/agent/soa', headers: bearer(fresh.token) })).json<
      Soa[]
    >();
    expect(list.map((s) => s.id)).toEqual([near.soa.id, later.soa.id, signedOne.soa.id]);
    expect(list[0]!.current.flags).toEqual(['unsigned-appointment-near']);

    const token = await t.app.inject({ method: 'POST', url: '/arc/agent/soa/export', headers: bearer(fresh.token) });
    const xlsx = await t.app.inject({ method: 'GET', url: `/arc/agent/soa/export/${token.json().token}` });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('Scope of Appointment.xlsx');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('POST /arc/agent/soa/:id/versions', () => {
  it('a changed appointment makes a new version with its own link and PDF; the signed one is kept', async () => {
    clock.set(START);
    const { soa, token, mail } = await createSoa();
    expect((await sign(token)).statusCode).toBe(200);
    const first = (await detail(soa.id)).current;

    const changed = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/versions`,
      headers: bearer(agent.token),
      payload: { appointmentAt: '2026-10-05T17:00:00.000Z', exceptionReason: null },
    });
    expect(changed.statusCode, changed.body).toBe(201);
    const body = changed.json<SoaDetail>();
    expect(body.versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'Sent'],
      [1, 'Signed'],
    ]);
    expect(body.versions[1]).toMatchObject({ file: first.file, sha256: first.sha256, signerName: 'Rosa Martínez' });
    expect(body.versions[1]!.replacedAt).not.toBeNull();
    expect(body.current.ruleSet).toBe('py2027');

    const mails = await waitForMail(t, mail.to, { count: 2 });
    const secondToken = linkIn(mails[0]!, 'http://localhost:8080/soa/sign/').split('/').pop()!;
    expect(secondToken).not.toBe(token);
    // the first link still shows only its confirmation
    expect((await signing(token)).json()).toEqual({ state: 'signed' });
    clock.advance(HOUR);
    expect((await sign(secondToken, { products: ['part-d'] })).statusCode).toBe(200);
    const after = await detail(soa.id);
    expect(after.versions.map((v) => v.status)).toEqual(['Signed', 'Signed']);
    expect(after.versions[0]!.file).not.toBe(after.versions[1]!.file);
    expect((await downloadAs(agent, after.versions[1]!.file!)).statusCode).toBe(200);
    // the first version's stored row is as it was signed
    const [row] = await t.database.db
      .select()
      .from(soaVersions)
      .where(and(eq(soaVersions.soaId, soa.id), eq(soaVersions.version, 1)));
    expect(row!.productsAgreed).toEqual(['medicare-advantage']);
  });

  it('a new link stops the older ones; a cancelled SOA takes no change and its link is expired', async () => {
    clock.set(START);
    const { soa, token } = await createSoa();
    const device = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/link`,
      headers: bearer(agent.token),
      payload: { delivery: 'device' },
    });
    expect(device.statusCode).toBe(200);
    const path = device.json<SoaLink>().path!;
    expect(path).toMatch(/^\/soa\/sign\/[\w-]{43}$/);
    expect((await signing(token)).statusCode).toBe(410);
    const deviceToken = path.split('/').pop()!;
    expect((await signing(deviceToken)).statusCode).toBe(200);

    const cancel = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/cancel`,
      headers: bearer(agent.token),
    });
    expect(cancel.json<SoaDetail>().current.status).toBe('Cancelled');
    expect((await signing(deviceToken)).statusCode).toBe(410);
    const change = await t.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/versions`,
      headers: bearer(agent.token),
      payload: { appointmentAt: '2026-10-05T17:00:00.000Z', exceptionReason: null },
    });
    expect(change.statusCode).toBe(409);
    // kept: the agent has no way to delete it
    expect((await detail(soa.id)).versions).toHaveLength(1);
  });
});

describe("another agent's SOA", () => {
  it('answers 404 for the SOA, its changes and its PDF', async () => {
    clock.set(START);
    const { soa, token } = await createSoa();
    expect((await sign(token)).statusCode).toBe(200);
    const { current } = await detail(soa.id);
    const asOther = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(other.token), ...(payload ? { payload } : {}) });
    expect((await asOther('GET', `/arc/agent/soa/${soa.id}`)).statusCode).toBe(404);
    expect(
      (
        await asOther('POST', `/arc/agent/soa/${soa.id}/versions`, {
          appointmentAt: '2026-10-05T17:00:00.000Z',
          exceptionReason: null,
        })
      ).statusCode,
    ).toBe(404);
    expect((await asOther('POST', `/arc/agent/soa/${soa.id}/cancel`)).statusCode).toBe(404);
    expect((await asOther('POST', `/arc/agent/soa/${soa.id}/link`, { delivery: 'device' })).statusCode).toBe(404);
    expect((await downloadAs(other, current.file!)).statusCode).toBe(404);
    expect((await asOther('GET', '/arc/agent/soa')).json<Soa[]>().map((s) => s.id)).not.toContain(soa.id);
    expect((await t.app.inject({ method: 'GET', url: `/arc/agent/soa/${soa.id}` })).statusCode).toBe(401);
  });
});

describe("a deactivated agent's SOA links", () => {
  it('answer 410 like every unusable link (GET and POST), send no mail, and work again once reactivated', async () => {
    clock.set(START);
    const admin = (await mintStaffToken(t, await insertStaff(t, { role: 'admin' }))).token;
    const leaving = await addAgent(t, { npn: '73000093' });
    const { token } = await createSoa({}, leaving);
    const setStatus = (status: 'active' | 'inactive') =>
      t.app.inject({
        method: 'PATCH',
        url: `/arc/staff/agents/${leaving.npn}`,
        headers: bearer(admin),
        payload: { status },
      });
    expect((await setStatus('inactive')).statusCode).toBe(200);

    const expired = (await signing('x'.repeat(43))).json();
    const page = await signing(token);
    expect(page.statusCode).toBe(410);
    // the same answer as an unknown link: the signing page shows its one message, and nothing of the agent
    expect(page.json()).toEqual(expired);
    expect(page.body).not.toContain(leaving.npn);
    expect(page.body).not.toContain(leaving.lastName);
    const signed = await sign(token);
    expect(signed.statusCode).toBe(410);
    expect(signed.json()).toEqual(expired);

    // reactivated: the link is still unspent and unexpired, so it works again
    expect((await setStatus('active')).statusCode).toBe(200);
    expect((await signing(token)).statusCode).toBe(200);
  });

  it('e-mails nothing in their name, even while a replica still holds their status as active', async () => {
    clock.set(START);
    const leaving = await addAgent(t, { npn: '73000092' });
    const { soa, mail } = await createSoa({}, leaving);
    // a replica that caches agents' status (USER_CACHE_TTL_MS), on the same database, has just seen them active …
    const replica = await createTestApp({ databaseOf: t, clock, env: { USER_CACHE_TTL_MS: '60000' } });
    onTestFinished(() => replica.close());
    const list = await replica.app.inject({ method: 'GET', url: '/arc/agent/soa', headers: bearer(leaving.token) });
    expect(list.statusCode).toBe(200);
    // … when the status changes under its cached answer (before it is told)
    await t.database.db.update(agents).set({ status: 'inactive' }).where(eq(agents.id, leaving.id));
    const before = (await allMail(t)).length;
    const resend = await replica.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/link`,
      headers: bearer(leaving.token),
      payload: { delivery: 'email' },
    });
    expect(resend.statusCode).toBe(401);
    const change = await replica.app.inject({
      method: 'POST',
      url: `/arc/agent/soa/${soa.id}/versions`,
      headers: bearer(leaving.token),
      payload: { appointmentAt: '2026-10-01T17:00:00.000Z', exceptionReason: null },
    });
    expect(change.statusCode).toBe(401);
    const created = await replica.app.inject({
      method: 'POST',
      url: '/arc/agent/soa',
      headers: bearer(leaving.token),
      payload: request({ email: mail.to }),
    });
    expect(created.statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await allMail(t)).length).toBe(before);
    // and nothing was written: one SOA, still at its first version
    expect(await t.database.db.select().from(soaVersions).where(eq(soaVersions.soaId, soa.id))).toHaveLength(1);
    expect(await t.database.db.select().from(soas).where(eq(soas.agentId, leaving.id))).toHaveLength(1);
  });
});

describe('staff: /arc/staff/soa', () => {
  it('support looks SOAs up by agent or beneficiary and reads a PDF; operations may not; admin purges past retention only', async () => {
    clock.set(START);
    const support = (await mintStaffToken(t, await insertStaff(t, { role: 'support' }))).token;
    const operations = (await mintStaffToken(t, await insertStaff(t, { role: 'operations' }))).token;
    const admin = (await mintStaffToken(t, await insertStaff(t, { role: 'admin' }))).token;
    const { soa, token } = await createSoa({ beneficiaryName: 'Walter Ödegaard' }, other);
    expect((await sign(token, { signerName: 'Walter Ödegaard' })).statusCode).toBe(200);

    const find = (query: string, who = support) =>
      t.app.inject({ method: 'GET', url: `/arc/staff/soa?${query}`, headers: bearer(who) });
    expect((await find('npn=73000002')).json<Soa[]>().map((s) => s.id)).toContain(soa.id);
    expect((await find('beneficiary=walter')).json<Soa[]>().map((s) => s.id)).toEqual([soa.id]);
    expect((await find('beneficiary=%C3%B6degaard')).json<Soa[]>().map((s) => s.id)).toEqual([soa.id]);
    expect((await find('npn=73000002', operations)).statusCode).toBe(403);
    expect((await find('npn=73000002', agent.token)).statusCode).toBe(403);

    const one = await t.app.inject({ method: 'GET', url: `/arc/staff/soa/${soa.id}`, headers: bearer(support) });
    expect(one.json()).toMatchObject({ id: soa.id, agent: { npn: '73000002' } });
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/arc/staff/soa/${soa.id}/versions/1/pdf`,
      headers: bearer(support),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await t.app.inject({ method: 'GET', url: `/arc/staff/soa/${soa.id}/versions/9/pdf`, headers: bearer(support) }))
        .statusCode,
    ).toBe(404);

    const purge = (who: string) => t.app.inject({ method: 'POST', url: '/arc/staff/soa/purge', headers: bearer(who) });
    expect((await purge(support)).statusCode).toBe(403);
    // nine years on, nothing goes
    clock.set('2035-09-20T16:00:00.000Z');
    expect((await purge(admin)).json()).toEqual({ purged: 0 });
    expect((await find('beneficiary=walter')).json<Soa[]>()).toHaveLength(1);
    // ten years after every signature and request of this test file, all go
    clock.set('2037-01-01T00:00:00.000Z');
    expect((await purge(admin)).json<{ purged: number }>().purged).toBeGreaterThan(0);
    expect((await find('beneficiary=walter')).json<Soa[]>()).toEqual([]);
    clock.set(START);
  });
});

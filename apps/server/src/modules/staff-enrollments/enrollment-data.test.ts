import {
  CLIENT_TEXT,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_SCOPE_MESSAGES,
  soaRuleSetFor,
  MEDICARE_ADVANTAGE,
  STAFF_ENROLLMENT_MESSAGES,
  type ClientDetail,
  type Enrollment,
  type EnrollmentPlanOptions,
  type StaffEnrollmentDetail,
  type StaffRole,
} from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  enrollmentLog,
  enrollments,
  files,
  notifications,
  soas,
  soaVersions,
  supplyProductCounties,
  supplyProducts,
  supplyProductTypes,
} from '../../db/schema/index.ts';
import { fixedClock } from '../../platform/clock.ts';
import { insertEnrollment } from '../../seed/enrollments.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { multipart, type Part } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

/** The enrollment's client, data and outcome (issue 46): named at upload, entered and decided in the back office. */

const clock = fixedClock('2026-11-20T18:00:00.000Z');
const QUEUE = '/arc/staff/enrollments/queue';
let t: TestApp;
let agent: TestAgent;
let other: TestAgent;
let pdf: Uint8Array;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  agent = await addAgent(t, { npn: '75000001' });
  other = await addAgent(t, { npn: '75000002' });
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role, email: `${role}.d@provider.test` }))).token;
  }
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Enrollment application');
  pdf = await doc.save();
  // two plans of the 2027 landscape in Milwaukee County, one in Dane County
  const db = t.database.db;
  await db.insert(supplyProductTypes).values({ name: MEDICARE_ADVANTAGE, isByCounty: true }).onConflictDoNothing();
  for (const [fips, contractId, planId, segmentId, orgName, planName] of [
    ['55079', 'H5216', '012', '000', 'Humana', 'Humana Gold Plus H5216-012 (HMO)'],
    ['55079', 'H0028', '007', '001', 'Aetna', 'Aetna Medicare Eagle (PPO)'],
    ['55025', 'H1234', '001', '000', 'Zeta Health', 'Zeta Advantage (HMO)'],
  ] as const) {
    const id = `ma_2027_WI_${contractId}_${planId}_${segmentId}`;
    await db.insert(supplyProducts).values({
      id,
      year: 2027,
      type: MEDICARE_ADVANTAGE,
      stateCode: 'WI',
      orgName,
      planName,
      contractId,
      planId,
      segmentId,
      planType: 'HMO',
    });
    await db.insert(supplyProductCounties).values({ countyFips: fips, productId: id });
  }
});
afterAll(async () => {
  await t?.close();
});

let serial = 0;
async function createClient(who: TestAgent, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/arc/agent/clients',
    headers: bearer(who.token),
    payload: {
      firstName: 'Linda',
      lastName: `Berg${String.fromCharCode(97 + (serial % 26))}`,
      birthDate: '1959-03-14',
      phone: '',
      email: '',
      street: '',
      city: 'Milwaukee',
      state: 'WI',
      zip: '',
      county: 'Milwaukee',
      language: 'en',
      mbi: '',
      consentToContact: false,
      consentMethods: [],
      status: 'Active',
      notes: '',
      soaId: null,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ClientDetail>();
}

const upload = (parts: Part[], who: TestAgent = agent) => {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/arc/agent/enrollments',
    headers: { ...bearer(who.token), 'content-type': body.contentType },
    payload: body.buffer(),
  });
};
const file: Part = { name: 'enrollment', filename: 'scan-0042.pdf', body: new Uint8Array() };
const withPdf = (): Part => ({ ...file, body: pdf });

const countsOf = async (who: TestAgent) => ({
  enrollments: (await t.database.db.select().from(enrollments).where(eq(enrollments.agentId, who.id))).length,
  files: (await t.database.db.select().from(files).where(eq(files.ownerAgentId, who.id))).length,
});

const staff = (role: StaffRole, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });

const DATA = {
  carrier: 'Humana',
  planId: 'H5216-012',
  planName: 'Humana Gold Plus H5216-012 (HMO)',
  productType: 'medicare-advantage',
  effectiveDate: '2027-01-01',
  applicationNumber: 'HUM-2027-004411',
};

describe('POST /arc/agent/enrollments naming the client', () => {
  it('links the upload to the agent’s client, with the carrier and plan named, and shows it on the client’s page', async () => {
    const client = await createClient(agent);
    const res = await upload([
      { name: 'clientId', value: client.id },
      { name: 'carrier', value: ' Humana ' },
      { name: 'plan', value: 'Humana Gold Plus' },
      { name: 'radio1', value: 'newapp' },
      withPdf(),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<Enrollment>();
    expect(created).toMatchObject({
      clientId: client.id,
      ClientFirst: 'Linda',
      ClientLast: client.lastName,
      ClientState: 'WI',
      carrier_name: 'Humana',
      product_name: 'Humana Gold Plus',
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/arc/agent/clients/${client.id}`,
      headers: bearer(agent.token),
    });
    expect(page.json<ClientDetail>().enrollments).toEqual([
      expect.objectContaining({ id: created.id, status: 'Received', carrierName: 'Humana' }),
    ]);
    const list = await t.app.inject({ method: 'GET', url: '/arc/agent/enrollments', headers: bearer(agent.token) });
    expect(list.json<{ enrollments: Enrollment[] }>().enrollments.find((e) => e.id === created.id)?.clientId).toBe(
      client.id,
    );
  });

  it("answers 404 for another agent's client and stores nothing", async () => {
    const theirs = await createClient(other);
    const before = await countsOf(agent);
    const res = await upload([{ name: 'clientId', value: theirs.id }, { name: 'radio1', value: 'newapp' }, withPdf()]);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CLIENT_TEXT.notFound);
    expect(await countsOf(agent)).toEqual(before);
    const unknown = await upload([
      { name: 'clientId', value: 'cli_nobody' },
      { name: 'radio1', value: 'newapp' },
      withPdf(),
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(await countsOf(agent)).toEqual(before);
  });

  it('refuses (400) a client named after the file, a malformed client id and a carrier too long; nothing is stored', async () => {
    const client = await createClient(agent);
    const before = await countsOf(agent);
    const after = await upload([
      { name: 'radio1', value: 'newapp' },
      withPdf(),
      { name: 'clientId', value: client.id },
    ]);
    expect(after.statusCode).toBe(400);
    expect(after.json().message).toBe(ENROLLMENT_MESSAGES.fieldsFirst);
    const malformed = await upload([
      { name: 'clientId', value: 'cli_<script>' },
      { name: 'radio1', value: 'newapp' },
      withPdf(),
    ]);
    expect(malformed.statusCode).toBe(400);
    const long = await upload([
      { name: 'clientId', value: client.id },
      { name: 'carrier', value: 'x'.repeat(201) },
      { name: 'radio1', value: 'newapp' },
      withPdf(),
    ]);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(ENROLLMENT_MESSAGES.textTooLong);
    expect(await countsOf(agent)).toEqual(before);
  });
});

async function uploadedFor(client: ClientDetail) {
  const res = await upload([{ name: 'clientId', value: client.id }, { name: 'radio1', value: 'newapp' }, withPdf()]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Enrollment>();
}

describe(`PUT ${QUEUE}/:id/data`, () => {
  it('enters the carrier, plan, product type, effective date and application number at the version shown, logged and audited', async () => {
    const client = await createClient(agent);
    const enrollment = await uploadedFor(client);
    const res = await staff('operations', 'PUT', `${QUEUE}/${enrollment.id}/data`, { version: 1, ...DATA });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<StaffEnrollmentDetail>();
    expect(detail.enrollment).toMatchObject({
      version: 2,
      carrier: 'Humana',
      product: DATA.planName,
      planId: 'H5216-012',
      productType: 'medicare-advantage',
      effectiveDate: '2027-01-01',
      applicationNumber: 'HUM-2027-004411',
      client: { id: client.id, firstName: 'Linda', lastName: client.lastName },
    });
    expect(detail.log[0]?.action).toBe(
      'Updated carrier, plan name, plan, product type, effective date, application number',
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, enrollment.id), eq(auditLog.action, 'enrollment.data-updated')));
    expect(audit?.detail).toEqual({
      fields: ['carrier', 'plan name', 'plan', 'product type', 'effective date', 'application number'],
    });
    // the agent's list and the client's page show the plan
    const page = await t.app.inject({
      method: 'GET',
      url: `/arc/agent/clients/${client.id}`,
      headers: bearer(agent.token),
    });
    expect(page.json<ClientDetail>().enrollments[0]).toMatchObject({
      planId: 'H5216-012',
      productName: DATA.planName,
      effectiveDate: '2027-01-01',
    });
    // the same values again change nothing
    const same = await staff('operations', 'PUT', `${QUEUE}/${enrollment.id}/data`, { version: 2, ...DATA });
    expect(same.json<StaffEnrollmentDetail>().enrollment.version).toBe(2);
  });

  it('answers a stale version 409, a malformed body 400, a wrong role 403 and an unknown id 404; nothing is written', async () => {
    const client = await createClient(agent);
    const enrollment = await uploadedFor(client);
    const url = `${QUEUE}/${enrollment.id}/data`;
    const stale = await staff('admin', 'PUT', url, { version: 7, ...DATA });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(STAFF_ENROLLMENT_MESSAGES.stale);
    for (const bad of [
      { ...DATA, planId: 'Humana gold' },
      { ...DATA, effectiveDate: '01/01/2027' },
      { ...DATA, productType: 'annuity' },
      { ...DATA, applicationNumber: 'a b' },
      { ...DATA, carrier: 'x'.repeat(201) },
      { ...DATA, surprise: true },
    ]) {
      expect((await staff('admin', 'PUT', url, { version: 1, ...bad })).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await staff('content', 'PUT', url, { version: 1, ...DATA })).statusCode).toBe(403);
    // support works only what is assigned to them
    expect((await staff('support', 'PUT', url, { version: 1, ...DATA })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: bearer(agent.token), payload: { version: 1, ...DATA } }))
        .statusCode,
    ).toBe(403);
    expect((await staff('admin', 'PUT', `${QUEUE}/enr_nobody/data`, { version: 1, ...DATA })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, enrollment.id));
    expect(row).toMatchObject({ version: 1, planId: null, effectiveDate: null, applicationNumber: null });
    expect(
      await t.database.db.select().from(enrollmentLog).where(eq(enrollmentLog.enrollmentId, enrollment.id)),
    ).toEqual([]);
  });
});

describe(`GET ${QUEUE}/:id/plans`, () => {
  it("offers the landscape's plans of the client's county and plan year, by contract-plan id", async () => {
    const client = await createClient(agent, { county: 'Milwaukee County' });
    const enrollment = await uploadedFor(client);
    const res = await staff('support', 'GET', `${QUEUE}/${enrollment.id}/plans?year=2027`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EnrollmentPlanOptions>()).toEqual({
      county: 'Milwaukee County',
      state: 'WI',
      year: 2027,
      plans: [
        { planId: 'H0028-007-1', planName: 'Aetna Medicare Eagle (PPO)', carrier: 'Aetna', planType: 'HMO' },
        { planId: 'H5216-012', planName: 'Humana Gold Plus H5216-012 (HMO)', carrier: 'Humana', planType: 'HMO' },
      ],
    });
    // the upload's year (2026) has no landscape here; a client without a county has no choices
    expect(
      (await staff('admin', 'GET', `${QUEUE}/${enrollment.id}/plans`)).json<EnrollmentPlanOptions>(),
    ).toMatchObject({
      year: 2026,
      plans: [],
    });
    const noCounty = await uploadedFor(await createClient(agent, { county: '' }));
    expect(
      (await staff('admin', 'GET', `${QUEUE}/${noCounty.id}/plans?year=2027`)).json<EnrollmentPlanOptions>(),
    ).toMatchObject({
      county: null,
      plans: [],
    });
    expect((await staff('content', 'GET', `${QUEUE}/${enrollment.id}/plans`)).statusCode).toBe(403);
    expect((await staff('admin', 'GET', `${QUEUE}/${enrollment.id}/plans?year=1`)).statusCode).toBe(400);
    expect((await staff('admin', 'GET', `${QUEUE}/enr_nobody/plans`)).statusCode).toBe(404);
  });
});

describe(`POST ${QUEUE}/:id/actions: the outcome`, () => {
  const act = (id: string, version: number, kind: string) =>
    staff('operations', 'POST', `${QUEUE}/${id}/actions`, { version, action: { kind } });
  const notificationsOf = async (who: TestAgent) =>
    t.database.db.select().from(notifications).where(eq(notifications.agentId, who.id));

  it("records Enrolled and Cancelled, each told to the agent with the client's name (not the file's) and the plan", async () => {
    const client = await createClient(agent);
    const enrollment = await uploadedFor(client);
    await staff('operations', 'PUT', `${QUEUE}/${enrollment.id}/data`, { version: 1, ...DATA });
    expect((await act(enrollment.id, 2, 'review')).statusCode).toBe(200);
    expect((await act(enrollment.id, 3, 'submit')).statusCode).toBe(200);
    // Submitted to carrier is news too, by the linked client's name (issue 47)
    expect((await notificationsOf(agent)).at(-1)).toMatchObject({
      kind: 'enrollment-submitted',
      title: `Enrollment submitted to the carrier: Linda ${client.lastName}`,
    });
    const before = (await notificationsOf(agent)).length;
    const enrolled = await act(enrollment.id, 4, 'enroll');
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json<StaffEnrollmentDetail>().enrollment.status).toBe('Enrolled');
    const news = (await notificationsOf(agent)).slice(before);
    expect(news).toEqual([
      expect.objectContaining({
        kind: 'enrollment-outcome',
        title: `Enrollment enrolled: Linda ${client.lastName}`,
        body: `The enrollment of Linda ${client.lastName} (Humana) is enrolled in ${DATA.planName}.`,
      }),
    ]);
    expect(JSON.stringify(news)).not.toContain('scan-0042.pdf');
    expect((await act(enrollment.id, 5, 'cancel')).statusCode).toBe(200);
    const last = (await notificationsOf(agent)).at(-1);
    expect(last).toMatchObject({ kind: 'enrollment-outcome', title: `Enrollment cancelled: Linda ${client.lastName}` });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, enrollment.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['enrollment.enrolled', 'enrollment.cancelled', 'enrollment.data-updated']),
    );
    expect(await notificationsOf(other)).toEqual([]);
  });

  it('records Declined and Withdrawn from an open enrollment; a cancel before enrolment and a stale version are 409, nothing written', async () => {
    const client = await createClient(agent);
    const declined = await uploadedFor(client);
    expect((await act(declined.id, 1, 'decline')).json<StaffEnrollmentDetail>().enrollment.status).toBe('Declined');
    const withdrawn = await uploadedFor(client);
    const cancelEarly = await act(withdrawn.id, 1, 'cancel');
    expect(cancelEarly.statusCode).toBe(409);
    expect(cancelEarly.json().message).toBe(STAFF_ENROLLMENT_MESSAGES.illegal.cancel);
    expect((await act(withdrawn.id, 9, 'withdraw')).statusCode).toBe(409);
    const [unchanged] = await t.database.db.select().from(enrollments).where(eq(enrollments.id, withdrawn.id));
    expect(unchanged).toMatchObject({ status: 'Received', version: 1 });
    expect((await act(withdrawn.id, 1, 'withdraw')).json<StaffEnrollmentDetail>().enrollment.status).toBe('Withdrawn');
    const titles = (await notificationsOf(agent)).map((n) => n.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        `Enrollment declined: Linda ${client.lastName}`,
        `Enrollment withdrawn: Linda ${client.lastName}`,
      ]),
    );
  });

  it('names the client by the enrollment’s own names when none is linked (enrollments from before clients)', async () => {
    const old = await insertEnrollment(t.database.db, {
      agentId: other.id,
      status: 'Submitted',
      clientFirst: 'Ruth',
      clientLast: 'Ames',
    });
    expect((await act(old.id, 1, 'enroll')).statusCode).toBe(200);
    expect((await notificationsOf(other)).at(-1)?.title).toBe('Enrollment enrolled: Ruth Ames');
  });
});

describe('the SOA scope check', () => {
  const HOUR = 60 * 60 * 1000;
  let soaSerial = 0;
  /** A signed SOA of the client for these products, its appointment at `appointmentAt`, signed at `signedAt`. */
  async function signedSoa(
    clientId: string,
    products: string[],
    appointmentAt: Date,
    signedAt: Date,
    cancelled = false,
  ) {
    soaSerial += 1;
    const id = `soa_scope_${soaSerial}`;
    const sentAt = new Date(Math.min(appointmentAt.getTime(), signedAt.getTime()) - 24 * HOUR);
    await t.database.db.insert(soas).values({
      id,
      agentId: agent.id,
      beneficiaryName: 'Linda Berg',
      email: 'linda@example.org',
      mobile: '',
      language: 'en',
      currentVersion: 1,
      createdAt: sentAt,
      clientId,
      ...(cancelled ? { cancelledAt: new Date(signedAt.getTime() + HOUR) } : {}),
    });
    await t.database.db.insert(soaVersions).values({
      soaId: id,
      version: 1,
      appointmentAt,
      appointmentKind: 'in-person',
      products,
      ruleSet: soaRuleSetFor(appointmentAt, 'America/Los_Angeles').id,
      sentAt,
      linkExpiresAt: new Date(sentAt.getTime() + 7 * 24 * HOUR),
      signedAt,
      signerName: 'Linda Berg',
      productsAgreed: products,
      validUntil: new Date(signedAt.getTime() + 365 * 24 * HOUR),
      retainUntil: new Date(sentAt.getTime() + 3653 * 24 * HOUR),
    });
  }
  async function flagged(productType: string, soasOf: (clientId: string) => Promise<void>) {
    const client = await createClient(agent);
    await soasOf(client.id);
    const enrollment = await uploadedFor(client);
    const put = await staff('operations', 'PUT', `${QUEUE}/${enrollment.id}/data`, {
      version: 1,
      ...DATA,
      productType,
    });
    expect(put.statusCode, put.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/arc/agent/enrollments', headers: bearer(agent.token) });
    const mine = list.json<{ enrollments: Enrollment[] }>().enrollments.find((e) => e.id === enrollment.id)!;
    // the same reason for staff as for the agent
    expect(put.json<StaffEnrollmentDetail>().enrollment.scopeFlag).toBe(mine.scopeFlag);
    return mine.scopeFlag;
  }
  const appointment = new Date('2026-11-10T18:00:00.000Z');

  it('passes an enrollment whose product type a signed SOA of the client covers, signed before the appointment', async () => {
    expect(
      await flagged('medicare-advantage', (id) =>
        signedSoa(id, ['medicare-advantage', 'part-d'], appointment, new Date(appointment.getTime() - 72 * HOUR)),
      ),
    ).toBeNull();
  });

  it('flags a product type no signed SOA of the client covers (another product, a cancelled or another client’s SOA)', async () => {
    const other = await createClient(agent);
    expect(
      await flagged('medicare-supplement', async (id) => {
        await signedSoa(id, ['medicare-advantage'], appointment, new Date(appointment.getTime() - 72 * HOUR));
        await signedSoa(id, ['medicare-supplement'], appointment, new Date(appointment.getTime() - 72 * HOUR), true);
        await signedSoa(other.id, ['medicare-supplement'], appointment, new Date(appointment.getTime() - 72 * HOUR));
      }),
    ).toBe(ENROLLMENT_SCOPE_MESSAGES.noSoa('Medicare Supplement'));
    // no SOA at all
    expect(await flagged('part-d', async () => {})).toBe(ENROLLMENT_SCOPE_MESSAGES.noSoa('Stand-alone Part D'));
  });

  it('flags an SOA signed after its appointment', async () => {
    expect(
      await flagged('medicare-advantage', (id) =>
        signedSoa(id, ['medicare-advantage'], appointment, new Date(appointment.getTime() + 2 * HOUR)),
      ),
    ).toBe(ENROLLMENT_SCOPE_MESSAGES.signedAfter('Medicare Advantage'));
  });

  it('says nothing while the product type is not known', async () => {
    const client = await createClient(agent);
    const enrollment = await uploadedFor(client);
    expect(enrollment.scopeFlag).toBeNull();
    const detail = await staff('support', 'GET', `${QUEUE}/${enrollment.id}`);
    expect(detail.json<StaffEnrollmentDetail>().enrollment.scopeFlag).toBeNull();
  });
});

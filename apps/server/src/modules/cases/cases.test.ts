import { CASE_MESSAGES, CASE_REQUEST_TYPES, PERSON_NAME_MESSAGES, type MyCase, type MyCaseList } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, caseMessages, cases } from '../../db/schema/index.ts';
import { insertContracts, makeContract } from '../../seed/contracts.ts';
import { addAgent, createAgentApp, type AgentApp, type TestAgent } from '../../test/agent-app.ts';
import { waitForMail } from '../../test/mail.ts';
import { insertStaff } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

const SUPPORT = 'support-desk@provider.example';
let t: AgentApp;
let unlimited: TestAgent;
let token: string;
let standardToken: string;

beforeAll(async () => {
  t = await createAgentApp({
    env: { MEMBER_SUPPORT_EMAIL: SUPPORT },
    agent: { memberSupportTier: 'Unlimited', firstName: 'Casey' },
  });
  unlimited = t.agent;
  const standard = await addAgent(t, { memberSupportTier: 'Standard' });
  token = unlimited.token;
  standardToken = standard.token;
  await insertContracts(t.database.db, [
    makeContract({ holderAgentId: unlimited.id, carrierName: 'Humana' }),
    makeContract({ holderAgentId: unlimited.id, carrierName: 'Humana', recordType: 'Agency' }),
    makeContract({ holderAgentId: unlimited.id, carrierName: 'Aetna', status: 'Pending' }),
    makeContract({ holderAgentId: standard.id, carrierName: 'Cigna' }),
    // a contract in nobody's name: its carrier is no agent's
    makeContract({ carrierName: 'Mutual of Omaha' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const VALID = {
  memberName: 'Rosa Martinez',
  memberId: 'H1234-567',
  dateOfBirth: '1954-03-09',
  memberPhoneNumber: '(916) 555-0199',
  requestType: 'Claim Issue',
  carrier: 'Humana',
  description: 'Claim for the March 2 office visit was denied as out of network.',
  carrierService: 'SR-88231',
};

const report = (auth: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/arc/case/reportCase',
    headers: auth ? bearer(auth) : {},
    payload: payload as Record<string, unknown>,
  });

describe('GET /arc/case/carriers', () => {
  it("answers the agent's carriers once each, sorted", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/case/carriers', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ carriers: ['Aetna', 'Humana'] });
  });

  it('answers 403 to an agent whose member support tier is not Unlimited', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/case/carriers', headers: bearer(standardToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CASE_MESSAGES.notAllowed);
  });
});

describe('POST /arc/case/reportCase', () => {
  it('stores the case and e-mails it to member support', async () => {
    const res = await report(token, VALID);
    expect(res.statusCode).toBe(201);
    const { id, message } = res.json();
    expect(message).toBe(CASE_MESSAGES.success);
    const [row] = await t.database.db.select().from(cases).where(eq(cases.id, id));
    expect(row).toMatchObject({ ...VALID, agentId: unlimited.id, emailedTo: SUPPORT });
    const [mail] = await waitForMail(t, SUPPORT);
    // reads as a sentence: what, for whom, from whom; the reference is in the body, named as one
    expect(mail!.subject).toBe(
      `New member support case: Claim Issue for Rosa Martinez, from ${unlimited.firstName} ${unlimited.lastName}`,
    );
    expect(mail!.subject).not.toContain('case_');
    expect(mail!.text).toContain(`Case reference: ${id}`);
    expect(mail!.text).toContain('Date of Birth: 03/09/1954');
    expect(mail!.text).toContain(`NPN ${unlimited.npn}`);
    expect(mail!.text).toContain('Optional - Existing carrier service or case number: SR-88231');
  });

  it('e-mails what the agent typed as inert text, never as a link, and refuses a member name of two lines', async () => {
    const twoLines = await report(token, { ...VALID, memberName: 'Rosa\nhttp://evil.example' });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().message).toBe(PERSON_NAME_MESSAGES.oneLine);

    const res = await report(token, {
      ...VALID,
      memberName: 'Evil.com Bank',
      description: 'Call back at www.evil.example or https://evil.example/login, mail help@evil.example',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await waitForMail(t, SUPPORT);
    const urlLike = /(?:https?:\/\/|www\.)\S+|\b[\w-]+\.(?:com|example)\b/gi;
    // the agent's own address is the one intended link (Reply to the agent at …), and the only address found
    const found = (text: string) => [...new Set(text.match(urlLike) ?? [])].filter((m) => !unlimited.email.includes(m));
    expect(found(mail!.subject)).toEqual([]);
    expect(found(mail!.text)).toEqual([]);
    expect(found(mail!.html!.replace(/<[^>]*>/g, ''))).toEqual([]);
    expect(mail!.html!.match(/<a\b[^>]*>/gi)).toEqual([`<a href="mailto:${unlimited.email}">`]);
    expect(mail!.text.replaceAll('\u200B', '')).toContain('Member Name: Evil.com Bank');
  });

  it('needs only the date of birth and the request type', async () => {
    for (const requestType of CASE_REQUEST_TYPES) {
      const res = await report(token, { dateOfBirth: '2001-12-31', requestType });
      expect(res.statusCode, requestType).toBe(201);
    }
  });

  it("answers 400 with the spec's messages for a missing or invalid date and request type", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ requestType: 'Other Support' }, 'dateOfBirth', CASE_MESSAGES.dateOfBirthRequired],
      [{ requestType: 'Other Support', dateOfBirth: '' }, 'dateOfBirth', CASE_MESSAGES.dateOfBirthRequired],
      [{ requestType: 'Other Support', dateOfBirth: '02/30/1950' }, 'dateOfBirth', CASE_MESSAGES.dateOfBirthInvalid],
      [{ requestType: 'Other Support', dateOfBirth: '1950-02-30' }, 'dateOfBirth', CASE_MESSAGES.dateOfBirthInvalid],
      [{ requestType: 'Other Support', dateOfBirth: '2999-01-01' }, 'dateOfBirth', CASE_MESSAGES.dateOfBirthInvalid],
      [{ dateOfBirth: '1950-01-01' }, 'requestType', CASE_MESSAGES.requestTypeRequired],
      [{ dateOfBirth: '1950-01-01', requestType: 'Lunch' }, 'requestType', CASE_MESSAGES.requestTypeRequired],
    ];
    // refused bodies count against the agent's 20 reports a minute: this many refusals get an agent of their own
    const { token: refused } = await addAgent(t, { memberSupportTier: 'Unlimited' });
    for (const [payload, field, message] of cases) {
      const res = await report(refused, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(payload)).toContain(message);
    }
  });

  it('answers 400 for a carrier the agent is not contracted with, and for oversized fields', async () => {
    const other = await report(token, { ...VALID, carrier: 'Cigna' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(CASE_MESSAGES.carrierUnknown);
    const long = await report(token, { ...VALID, description: 'x'.repeat(4001) });
    expect(long.statusCode).toBe(400);
    const phone = await report(token, { ...VALID, memberPhoneNumber: 'call me maybe' });
    expect(phone.statusCode).toBe(400);
  });

  it('answers 403 to an agent whose tier is not Unlimited, and stores nothing', async () => {
    const before = (await t.database.db.select().from(cases)).length;
    const res = await report(standardToken, { ...VALID, carrier: 'Cigna' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'FORBIDDEN', message: CASE_MESSAGES.notAllowed });
    expect((await t.database.db.select().from(cases)).length).toBe(before);
  });

  it('answers 400 for a malformed body', async () => {
    const { token: refused } = await addAgent(t, { memberSupportTier: 'Unlimited' });
    for (const payload of [null, 'text', [], { ...VALID, dateOfBirth: 19540309 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/arc/case/reportCase',
        headers: { ...bearer(refused), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('GET /arc/case/mine and /arc/case/mine/:id (My cases)', () => {
  it("lists the agent's own cases, newest first, and opens one without member support's internal notes", async () => {
    const other = await addAgent(t, { memberSupportTier: 'Unlimited' });
    const first = (await report(token, { ...VALID, memberName: 'First Member' })).json<{ id: string }>().id;
    const second = (await report(token, { ...VALID, memberName: 'Second Member' })).json<{ id: string }>().id;
    const theirs = (await report(other.token, { ...VALID, carrier: '' })).json<{ id: string }>().id;
    const staffId = await insertStaff(t, { role: 'support', email: 'helpdesk@provider.test' });
    await t.database.db.insert(caseMessages).values([
      { caseId: first, kind: 'note', body: 'Internal: agent called twice', staffId, createdAt: new Date() },
      { caseId: first, kind: 'reply', body: 'We are on it.', staffId, createdAt: new Date() },
    ]);

    const list = await t.app.inject({ method: 'GET', url: '/arc/case/mine', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const page = list.json<MyCaseList>();
    const ids = page.rows.map((r) => r.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(ids).not.toContain(theirs);
    expect(page.rows.find((r) => r.id === first)).toMatchObject({ status: 'Open', replyCount: 1 });
    expect(page.rows.find((r) => r.id === second)).toMatchObject({ replyCount: 0, lastReplyAt: null });

    const one = await t.app.inject({ method: 'GET', url: `/arc/case/mine/${first}`, headers: bearer(token) });
    expect(one.statusCode).toBe(200);
    expect(one.json<MyCase>()).toMatchObject({
      memberName: 'First Member',
      description: VALID.description,
      replies: [{ body: 'We are on it.', author: 'helpdesk' }],
    });
    expect(one.body).not.toContain('Internal: agent called twice');
  });

  it("answers 404 for another agent's case or an unknown one, saying nothing of it", async () => {
    const other = await addAgent(t, { memberSupportTier: 'Unlimited' });
    const theirs = (await report(other.token, { ...VALID, carrier: '' })).json<{ id: string }>().id;
    for (const [who, id] of [
      [token, theirs],
      [token, 'case_unknown'],
      [standardToken, theirs],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/arc/case/mine/${id}`, headers: bearer(who) });
      expect(res.statusCode, id).toBe(404);
      expect(res.body).not.toContain(VALID.memberName);
    }
  });

  it('answers 403 to an agent whose member support tier is not Unlimited', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/arc/case/mine', headers: bearer(standardToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CASE_MESSAGES.notAllowed);
    // a case of theirs from an Unlimited time: still refused while the tier is Standard
    const downgraded = await addAgent(t, { memberSupportTier: 'Unlimited' });
    const id = (await report(downgraded.token, { ...VALID, carrier: '' })).json<{ id: string }>().id;
    await t.database.db.update(agents).set({ memberSupportTier: 'Standard' }).where(eq(agents.id, downgraded.id));
    const one = await t.app.inject({ method: 'GET', url: `/arc/case/mine/${id}`, headers: bearer(downgraded.token) });
    expect(one.statusCode).toBe(403);
  });

  it('answers 400 for a bad page and 401 without a token', async () => {
    for (const page of ['0', 'x', '1.5']) {
      const res = await t.app.inject({ method: 'GET', url: `/arc/case/mine?page=${page}`, headers: bearer(token) });
      expect(res.statusCode, page).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/arc/case/mine' })).statusCode).toBe(401);
  });
});

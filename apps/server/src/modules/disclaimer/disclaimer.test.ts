import { MEDICARE_ADVANTAGE } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentReadyToSell,
  supplyProductCounties,
  supplyProducts,
  supplyProductTypes,
  zipCodeCounties,
} from '../../db/schema/index.ts';
import { insertCertifiedContract } from '../../seed/contracts.ts';
import { addAgent, createAgentApp, type AgentApp, type TestAgent } from '../../test/agent-app.ts';
import { fixedClock } from '../../test/app.ts';
import { bearer } from '../../test/tokens.ts';
import { wordingFor } from './wording.ts';

// the last day before CY2027 marketing, in Los Angeles
const clock = fixedClock('2026-09-30T19:00:00Z');
let t: AgentApp;
let agentA: TestAgent;
let agentB: TestAgent;

/** county FIPS, year, organisation, plan, contract, plan id: the landscape fixture, one line per plan × county */
const DANE = '55025';
const COLUMBIA = '55021';
const MILWAUKEE = '55079';
const LINES = [
  [DANE, 2027, 'Humana', 'Humana Gold Plus (HMO)', 'H1111', '001'],
  [DANE, 2027, 'Humana', 'Humana Choice (PPO)', 'H1111', '002'],
  [COLUMBIA, 2027, 'Humana', 'Humana Choice (PPO)', 'H1111', '002'],
  [MILWAUKEE, 2027, 'Humana', 'Humana Honor (PPO)', 'H1111', '003'],
  [DANE, 2027, 'Aetna', 'Aetna Medicare Eagle (PPO)', 'H2222', '001'],
  [DANE, 2027, 'Wellcare', 'Wellcare Giveback (HMO)', 'H3333', '001'],
  [COLUMBIA, 2027, 'Zeta Health', 'Zeta Value (HMO)', 'H4444', '001'],
  [DANE, 2026, 'Humana', 'Humana Gold Plus (HMO)', 'H1111', '001'],
  [DANE, 2026, 'Aetna', 'Aetna Medicare Eagle (PPO)', 'H2222', '001'],
] as const;
const productId = (year: number, contract: string, planId: string) => `ma_${year}_WI_${contract}_${planId}_000`;

/** A's carriers Ready to Sell in WI for 2027 (Wellcare is not), and B's (Wellcare only). */
const READY = { a: ['Humana', 'Aetna', 'Zeta Health'], b: ['Wellcare'] };

/**
 * The hand count from the fixture lines alone, as an agent would count the landscape: the distinct plans
 * (contract-plan) of the year serving any of the counties, of the organisations the agent is Ready with.
 */
function handCount(counties: string[], year: number, ready: string[]) {
  const plans = new Map<string, string>();
  for (const [county, y, org, , contract, planId] of LINES) {
    if (y === year && counties.includes(county) && ready.includes(org)) plans.set(`${contract}-${planId}`, org);
  }
  return { organizations: new Set(plans.values()).size, plans: plans.size };
}

beforeAll(async () => {
  t = await createAgentApp({ clock });
  agentA = t.agent;
  agentB = await addAgent(t);
  const db = t.database.db;
  await db.insert(supplyProductTypes).values({ name: MEDICARE_ADVANTAGE, isByCounty: true }).onConflictDoNothing();
  for (const [countyFips, year, orgName, planName, contractId, planId] of LINES) {
    const id = productId(year, contractId, planId);
    await db
      .insert(supplyProducts)
      .values({
        id,
        year,
        type: MEDICARE_ADVANTAGE,
        stateCode: 'WI',
        orgName,
        planName,
        contractId,
        planId,
        segmentId: '000',
        planType: 'HMO',
      })
      .onConflictDoNothing();
    await db.insert(supplyProductCounties).values({ countyFips, productId: id });
  }
  const rts = (agentId: string, orgName: string, status: string, year = 2027) => ({
    agentId,
    orgName,
    stateCode: 'WI',
    productType: 'MA',
    year,
    status,
    asOf: '2026-09-01',
  });
  await db.insert(agentReadyToSell).values([
    ...READY.a.map((org) => rts(agentA.id, org, 'ready')),
    rts(agentA.id, 'Wellcare', 'not_ready'),
    rts(agentA.id, 'Humana', 'ready', 2026),
    // Aetna's flag says ready for 2026, but A's Aetna contract is certified for 2027 alone: not counted
    rts(agentA.id, 'Aetna', 'ready', 2026),
    ...READY.b.map((org) => rts(agentB.id, org, 'ready')),
    // Ready with Humana's PDPs is not Ready with its MA plans
    { ...rts(agentB.id, 'Humana', 'ready'), productType: 'PDP' },
  ]);
  // what the Ready marks stand for: an active contract with each carrier, certified for the plan year
  const ma = 'Medicare Advantage';
  for (const org of READY.a) {
    const certified: Array<[number, string]> =
      org === 'Humana'
        ? [
            [2026, ma],
            [2027, ma],
          ]
        : [[2027, ma]];
    await insertCertifiedContract(db, { agentId: agentA.id, carrier: org, certified });
  }
  for (const org of READY.b)
    await insertCertifiedContract(db, { agentId: agentB.id, carrier: org, certified: [[2027, ma]] });
  await insertCertifiedContract(db, {
    agentId: agentB.id,
    carrier: 'Humana',
    certified: [[2027, 'Prescription Drug Plan']],
  });
  // ZIP 53703 (Madison) lies in Dane County; the crosswalk adds Columbia County to it
  await db.insert(zipCodeCounties).values({ zip: '53703', countyFips: '55021' });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /arc/disclaimer', () => {
  it("counts the organisations and plans the agent represents in a county: the hand count of the landscape's lines", async () => {
    const res = await get('/arc/disclaimer?year=2027&state=WI&county=55025', agentA.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = handCount([DANE], 2027, READY.a);
    expect(expected).toEqual({ organizations: 2, plans: 3 });
    expect(body).toMatchObject({
      year: 2027,
      zip: null,
      counties: [{ id: '55025', name: 'Dane County', state: 'WI' }],
      organizationCount: expected.organizations,
      planCount: expected.plans,
      allOrganizationCount: 3,
      allPlanCount: 4,
    });
    expect(body.organizations).toEqual([
      { name: 'Aetna', plans: [{ id: 'H2222-001-000', name: 'Aetna Medicare Eagle (PPO)', planType: 'HMO' }] },
      {
        name: 'Humana',
        plans: [
          { id: 'H1111-001-000', name: 'Humana Gold Plus (HMO)', planType: 'HMO' },
          { id: 'H1111-002-000', name: 'Humana Choice (PPO)', planType: 'HMO' },
        ],
      },
    ]);
    expect(body.texts.en).toBe(
      'We do not offer every plan available in your area. Currently we represent 2 organizations which offer 3 products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
    );
    expect(body.texts.es).toContain('Actualmente representamos a 2 organizaciones que ofrecen 3 productos en su área.');
  });

  it('uses each county of a ZIP that spans counties, counting a plan serving both once', async () => {
    const body = (await get('/arc/disclaimer?year=2027&zip=53703', agentA.token)).json();
    expect(body.zip).toBe('53703');
    expect(body.counties.map((c: { name: string }) => c.name)).toEqual(['Columbia County', 'Dane County']);
    const expected = handCount([DANE, COLUMBIA], 2027, READY.a);
    expect(expected).toEqual({ organizations: 3, plans: 4 });
    expect(body).toMatchObject({ organizationCount: 3, planCount: 4, allOrganizationCount: 4, allPlanCount: 5 });
  });

  it("never uses another agent's rows: B counts only its own Ready carriers", async () => {
    const body = (await get('/arc/disclaimer?year=2027&state=WI&county=55025', agentB.token)).json();
    expect(handCount([DANE], 2027, READY.b)).toEqual({ organizations: 1, plans: 1 });
    expect(body).toMatchObject({ organizationCount: 1, planCount: 1 });
    expect(body.organizations.map((o: { name: string }) => o.name)).toEqual(['Wellcare']);
  });

  it('says the wording of the plan year as of today: CY2027 without SHIP from 1 October 2026, CY2026 with it', async () => {
    const before = (await get('/arc/disclaimer?year=2027&state=WI&county=55025', agentA.token)).json();
    expect(before.wording.effectiveFrom).toBe('2023-10-01');
    expect(before.texts.en).toContain('(SHIP)');
    clock.set('2026-10-01T19:00:00Z');
    try {
      const after = (await get('/arc/disclaimer?year=2027&state=WI&county=55025', agentA.token)).json();
      expect(after.wording).toMatchObject({ effectiveFrom: '2026-10-01' });
      expect(after.wording.when).toMatch(/before any discussion of benefits/);
      expect(after.wording.source).toMatch(/CMS-4212-F/);
      expect(after.texts.en).toBe(
        'We do not offer every plan available in your area. Currently we represent 2 organizations which offer 3 products in your area. Please contact Medicare.gov or 1-800-MEDICARE to get information on all of your options.',
      );
      expect(after.texts.es).not.toContain('SHIP');
      // the 2026 plan year keeps its wording after the date
      const y2026 = (await get('/arc/disclaimer?year=2026&state=WI&county=55025', agentA.token)).json();
      // Humana alone: Aetna's 2026 row says ready without a 2026 certification
      expect(y2026).toMatchObject({ organizationCount: 1, planCount: 1, wording: { effectiveFrom: '2023-10-01' } });
      // everything there is represented: the wording for a TPMO that sells every plan
      expect(y2026.planCount).toBe(y2026.allPlanCount - 1);
    } finally {
      clock.set('2026-09-30T19:00:00Z');
    }
  });

  it('refuses bad input: unknown county, a county of another state, malformed or unknown ZIP, no area, no landscape', async () => {
    const call = (query: string) => get(`/arc/disclaimer?${query}`, agentA.token);
    expect((await call('year=2027&state=WI&county=55999')).statusCode).toBe(404);
    expect((await call('year=2027&state=MN&county=55025')).json()).toMatchObject({
      message: 'There is no such county in that state.',
    });
    const malformed = await call('year=2027&zip=5370');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors.zip).toEqual(['A ZIP code is 5 digits.']);
    expect((await call('year=2027&zip=00000')).json()).toMatchObject({ message: 'We do not know this ZIP code.' });
    expect((await call('year=2027&state=WI')).statusCode).toBe(400);
    expect((await call('year=2031&state=WI&county=55025')).statusCode).toBe(400);
    expect((await get('/arc/disclaimer?year=2027&state=WI&county=55025')).statusCode).toBe(401);
  });
});

describe('GET /arc/disclaimer/years', () => {
  it('lists the landscape years and the plan year marketed today (next year from 1 October)', async () => {
    expect((await get('/arc/disclaimer/years', agentA.token)).json()).toEqual({
      years: [2027, 2026],
      defaultYear: 2026,
    });
    clock.set('2026-10-01T19:00:00Z');
    try {
      expect((await get('/arc/disclaimer/years', agentA.token)).json()).toMatchObject({ defaultYear: 2027 });
    } finally {
      clock.set('2026-09-30T19:00:00Z');
    }
  });
});

describe('wordingFor', () => {
  it('picks the newest entry in effect for the plan year, none before the first', () => {
    expect(wordingFor(2027, '2026-09-30')?.effectiveFrom).toBe('2023-10-01');
    expect(wordingFor(2027, '2026-10-01')?.effectiveFrom).toBe('2026-10-01');
    expect(wordingFor(2026, '2027-05-01')?.effectiveFrom).toBe('2023-10-01');
    expect(wordingFor(2024, '2023-09-30')).toBeUndefined();
  });
});

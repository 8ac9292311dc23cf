import { MEDICARE_ADVANTAGE, PRESCRIPTION_DRUG_PLAN } from '@arc/contract';
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
import { DISCLAIMER_WORDINGS, generalWording, wordingFor } from './wording.ts';

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
/**
 * The stand-alone drug plans (PDPs) of the fixture: state, year, organisation, plan, contract, plan id. CMS lists a
 * PDP by state (it serves every county of its region), so a PDP line has no county: it counts in every WI county.
 */
const PDP_LINES = [
  ['WI', 2027, 'Humana', 'Humana Basic Rx Plan (PDP)', 'S5884', '131'],
  ['WI', 2027, 'Humana', 'Humana Premier Rx Plan (PDP)', 'S5884', '132'],
  ['WI', 2027, 'UnitedHealthcare', 'AARP Medicare Part D from UHC: Saver Plus (PDP)', 'S5921', '131'],
  ['WI', 2027, 'Aetna', 'Aetna Medicare SilverScript Choice (PDP)', 'S5601', '131'],
  ['MN', 2027, 'Humana', 'Humana Basic Rx Plan (PDP)', 'S5884', '121'],
] as const;
const productId = (year: number, contract: string, planId: string) => `ma_${year}_WI_${contract}_${planId}_000`;

/**
 * A's carriers Ready to Sell in WI for 2027 by kind: MA with Humana, Aetna and Zeta (Wellcare is not); PDP with Humana
 * and UnitedHealthcare, not Aetna (Ready with Aetna's MA plans is not Ready with its PDPs). B: Wellcare's MA plans and
 * Humana's PDPs.
 */
const READY = {
  a: { MA: ['Humana', 'Aetna', 'Zeta Health'], PDP: ['Humana', 'UnitedHealthcare'] },
  b: { MA: ['Wellcare'], PDP: ['Humana'] },
};
type Ready = (typeof READY)['a'];

/**
 * The hand count from the fixture lines alone, as an agent would count the landscape: the distinct plans
 * (contract-plan) of the year serving any of the counties (MA) or their state (PDP, WI here), of the organisations the
 * agent is Ready with for that kind of plan.
 */
function handCount(counties: string[], year: number, ready: Ready) {
  const plans = new Map<string, string>();
  for (const [county, y, org, , contract, planId] of LINES) {
    if (y === year && counties.includes(county) && ready.MA.includes(org)) plans.set(`${contract}-${planId}`, org);
  }
  for (const [state, y, org, , contract, planId] of PDP_LINES) {
    if (y === year && state === 'WI' && ready.PDP.includes(org)) plans.set(`${contract}-${planId}`, org);
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
  await db.insert(supplyProductTypes).values({ name: PRESCRIPTION_DRUG_PLAN, isByCounty: false }).onConflictDoNothing();
  for (const [stateCode, year, orgName, planName, contractId, planId] of PDP_LINES) {
    await db.insert(supplyProducts).values({
      id: `pdp_${year}_${stateCode}_${contractId}_${planId}_000`,
      year,
      type: PRESCRIPTION_DRUG_PLAN,
      stateCode,
      orgName,
      planName,
      contractId,
      planId,
      segmentId: '000',
      planType: 'PDP',
    });
  }
  // a PDP kit (no contract): a supplies product, not a landscape plan
  await db.insert(supplyProducts).values({
    id: 'kit_2027_wi_pdp_humana',
    year: 2027,
    type: PRESCRIPTION_DRUG_PLAN,
    stateCode: 'WI',
    orgName: 'Humana',
    planName: 'Humana Prescription Drug Plan Kit',
  });
  const rts = (agentId: string, orgName: string, status: string, year = 2027) => ({
    agentId,
    orgName,
    stateCode: 'WI',
    productType: 'MA',
    year,
    status,
    asOf: '2026-09-01',
  });
  const pdp = (row: ReturnType<typeof rts>) => ({ ...row, productType: 'PDP' });
  await db.insert(agentReadyToSell).values([
    ...READY.a.MA.map((org) => rts(agentA.id, org, 'ready')),
    ...READY.a.PDP.map((org) => pdp(rts(agentA.id, org, 'ready'))),
    rts(agentA.id, 'Wellcare', 'not_ready'),
    pdp(rts(agentA.id, 'Aetna', 'not_ready')),
    rts(agentA.id, 'Humana', 'ready', 2026),
    // Humana's PDPs in MN too: the MN PDP still counts only in MN's counties, never in a WI county
    pdp({ ...rts(agentA.id, 'Humana', 'ready'), stateCode: 'MN' }),
    // Aetna's flag says ready for 2026, but A's Aetna contract is certified for 2027 alone: not counted
    rts(agentA.id, 'Aetna', 'ready', 2026),
    ...READY.b.MA.map((org) => rts(agentB.id, org, 'ready')),
    // Ready with Humana's PDPs is not Ready with its MA plans
    ...READY.b.PDP.map((org) => pdp(rts(agentB.id, org, 'ready'))),
  ]);
  // what the Ready marks stand for: an active contract with each carrier, certified for the plan year and product
  const ma = 'Medicare Advantage';
  const pdpKind = 'Prescription Drug Plan';
  const certify = async (agentId: string, ready: Ready, extra: (org: string) => Array<[number, string]> = () => []) => {
    for (const org of new Set([...ready.MA, ...ready.PDP])) {
      const certified: Array<[number, string]> = [
        ...(ready.MA.includes(org) ? [[2027, ma] as [number, string]] : []),
        ...(ready.PDP.includes(org) ? [[2027, pdpKind] as [number, string]] : []),
        ...extra(org),
      ];
      await insertCertifiedContract(db, { agentId, carrier: org, certified });
    }
  };
  await certify(agentA.id, READY.a, (org) => (org === 'Humana' ? [[2026, ma]] : []));
  await certify(agentB.id, READY.b);
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
    // MA: Humana 2 and Aetna 1 in Dane County; PDP: Humana 2 and UnitedHealthcare 1 of WI (not Aetna's: not Ready)
    expect(expected).toEqual({ organizations: 3, plans: 6 });
    expect(body).toMatchObject({
      year: 2027,
      zip: null,
      counties: [{ id: '55025', name: 'Dane County', state: 'WI' }],
      organizationCount: expected.organizations,
      planCount: expected.plans,
      // Humana, Aetna, Wellcare with MA plans in Dane County, UnitedHealthcare with a PDP in WI
      allOrganizationCount: 4,
      // 4 MA plans serving Dane County and WI's 4 PDPs (the kit and MN's PDP are not plans of the area)
      allPlanCount: 8,
      countedKinds: ['Medicare Advantage', 'Prescription Drug Plan'],
    });
    expect(body.organizations).toEqual([
      {
        name: 'Aetna',
        plans: [
          { id: 'H2222-001-000', name: 'Aetna Medicare Eagle (PPO)', planType: 'HMO', kind: 'Medicare Advantage' },
        ],
      },
      {
        name: 'Humana',
        plans: [
          { id: 'H1111-001-000', name: 'Humana Gold Plus (HMO)', planType: 'HMO', kind: 'Medicare Advantage' },
          { id: 'H1111-002-000', name: 'Humana Choice (PPO)', planType: 'HMO', kind: 'Medicare Advantage' },
          { id: 'S5884-131-000', name: 'Humana Basic Rx Plan (PDP)', planType: 'PDP', kind: 'Prescription Drug Plan' },
          {
            id: 'S5884-132-000',
            name: 'Humana Premier Rx Plan (PDP)',
            planType: 'PDP',
            kind: 'Prescription Drug Plan',
          },
        ],
      },
      {
        name: 'UnitedHealthcare',
        plans: [
          {
            id: 'S5921-131-000',
            name: 'AARP Medicare Part D from UHC: Saver Plus (PDP)',
            planType: 'PDP',
            kind: 'Prescription Drug Plan',
          },
        ],
      },
    ]);
    expect(body.texts.en).toBe(
      'We do not offer every plan available in your area. Currently we represent 3 organizations which offer 6 products in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
    );
    expect(body.texts.es).toContain('Actualmente representamos a 3 organizaciones que ofrecen 6 productos en su área.');
  });

  it('counts the PDPs the agent is Ready to Sell as PDPs: the hand count of the PDP lines alone', async () => {
    const body = (await get('/arc/disclaimer?year=2027&state=WI&county=55079', agentA.token)).json();
    // Milwaukee County: Humana's Honor (MA) and the WI PDPs of Humana and UnitedHealthcare
    const pdps = PDP_LINES.filter(([state, year, org]) => state === 'WI' && year === 2027 && READY.a.PDP.includes(org));
    expect(pdps).toHaveLength(3);
    const counted = body.organizations.flatMap((o: { plans: { id: string; kind: string }[] }) => o.plans);
    expect(
      counted.filter((p: { kind: string }) => p.kind === 'Prescription Drug Plan').map((p: { id: string }) => p.id),
    ).toEqual(pdps.map(([, , , , contract, planId]) => `${contract}-${planId}-000`));
    expect(body).toMatchObject({ organizationCount: 2, planCount: 1 + pdps.length });
    expect(handCount([MILWAUKEE], 2027, READY.a)).toEqual({ organizations: 2, plans: 4 });
  });

  it('uses each county of a ZIP that spans counties, counting a plan serving both once', async () => {
    const body = (await get('/arc/disclaimer?year=2027&zip=53703', agentA.token)).json();
    expect(body.zip).toBe('53703');
    expect(body.counties.map((c: { name: string }) => c.name)).toEqual(['Columbia County', 'Dane County']);
    const expected = handCount([DANE, COLUMBIA], 2027, READY.a);
    // the PDPs of WI once, though both counties are in WI
    expect(expected).toEqual({ organizations: 4, plans: 7 });
    expect(body).toMatchObject({ organizationCount: 4, planCount: 7, allOrganizationCount: 5, allPlanCount: 9 });
  });

  it("never uses another agent's rows: B counts only its own Ready carriers, each for its own kind", async () => {
    const body = (await get('/arc/disclaimer?year=2027&state=WI&county=55025', agentB.token)).json();
    // B is Ready with Wellcare's MA plans and Humana's PDPs: not Humana's MA plans, not Wellcare's PDPs
    expect(handCount([DANE], 2027, READY.b)).toEqual({ organizations: 2, plans: 3 });
    expect(body).toMatchObject({ organizationCount: 2, planCount: 3 });
    expect(
      body.organizations.map((o: { name: string; plans: { kind: string }[] }) => [o.name, o.plans.map((p) => p.kind)]),
    ).toEqual([
      ['Humana', ['Prescription Drug Plan', 'Prescription Drug Plan']],
      ['Wellcare', ['Medicare Advantage']],
    ]);
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
        'We do not offer every plan available in your area. Currently we represent 3 organizations which offer 6 products in your area. Please contact Medicare.gov or 1-800-MEDICARE to get information on all of your options.',
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

describe('POST /arc/products/bystate', () => {
  it("lists a state's PDP kits only: the landscape's PDPs (with a contract) are plans, not kits", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/products/bystate',
      headers: bearer(agentA.token),
      payload: { stateabbr: 'WI', year: 2027, productType: PRESCRIPTION_DRUG_PLAN },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [group] = res.json<{ companies: { name: string; product: { id: string } }[] }[]>();
    expect(group!.companies.map((c) => [c.name, c.product.id])).toEqual([['Humana', 'kit_2027_wi_pdp_humana']]);
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

describe('generalWording', () => {
  it('is the "we do not offer every plan" text without the sentence of numbers, in the wording of the year', () => {
    const cy2024 = wordingFor(2027, '2026-09-30')!;
    expect(generalWording(cy2024, 'en')).toBe(
      'We do not offer every plan available in your area. Please contact Medicare.gov, 1-800-MEDICARE, or your local State Health Insurance Program (SHIP) to get information on all of your options.',
    );
    expect(generalWording(cy2024, 'es')).toBe(
      'No ofrecemos todos los planes disponibles en su área. Comuníquese con Medicare.gov, el 1-800-MEDICARE o el Programa Estatal de Asistencia sobre Seguros de Salud (SHIP) de su localidad para obtener información sobre todas sus opciones.',
    );
    expect(generalWording(wordingFor(2027, '2026-10-01')!, 'en')).toBe(
      'We do not offer every plan available in your area. Please contact Medicare.gov or 1-800-MEDICARE to get information on all of your options.',
    );
    for (const wording of DISCLAIMER_WORDINGS) {
      for (const language of ['en', 'es'] as const)
        expect(generalWording(wording, language)).not.toMatch(/[{}]|\d+ org/);
    }
  });
});

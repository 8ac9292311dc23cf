import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentReadyToSell, certifications, contracts } from '../../db/schema/index.ts';
import { addAgent, createAgentApp, type AgentApp, type TestAgent } from '../../test/agent-app.ts';
import { fixedClock } from '../../test/app.ts';
import { bearer } from '../../test/tokens.ts';
import { readyCarriers } from './service.ts';

// 28 November 2026 in Los Angeles: plan year 2027 is being sold
const clock = fixedClock('2026-11-28T19:00:00Z');
let t: AgentApp;
let agentA: TestAgent;
let agentB: TestAgent;

const row = (
  agentId: string,
  orgName: string,
  stateCode: string,
  productType: 'MA' | 'PDP',
  status: 'ready' | 'not_ready',
  year = 2027,
  asOf = '2026-11-20',
) => ({ agentId, orgName, stateCode, productType, year, status, asOf });

beforeAll(async () => {
  t = await createAgentApp({ clock });
  agentA = t.agent;
  agentB = await addAgent(t);
  const db = t.database.db;
  await db.insert(agentReadyToSell).values([
    row(agentA.id, 'Humana', 'WI', 'MA', 'ready'),
    row(agentA.id, 'Humana', 'WI', 'PDP', 'ready', 2027, '2026-11-02'),
    row(agentA.id, 'Humana', 'MN', 'MA', 'ready'),
    row(agentA.id, 'Wellcare', 'WI', 'MA', 'not_ready'),
    row(agentA.id, 'Aetna', 'WI', 'MA', 'not_ready'),
    row(agentA.id, 'Devoted Health', 'WI', 'MA', 'not_ready'),
    row(agentA.id, 'Molina Healthcare', 'WI', 'MA', 'not_ready'),
    row(agentA.id, 'Humana', 'WI', 'MA', 'ready', 2026, '2025-10-01'),
    // the carrier's flag says ready, the contracts and certifications do not (rows from before the import checked):
    // no contract at all, a contract not certified for 2027, a pending contract, a terminated one
    row(agentA.id, 'Quartz Health Solutions', 'WI', 'MA', 'ready'),
    row(agentA.id, 'Devoted Health', 'MN', 'MA', 'ready'),
    row(agentA.id, 'Wellcare', 'MN', 'MA', 'ready'),
    row(agentA.id, 'Cigna Healthcare', 'MN', 'MA', 'ready'),
    // ready, with an active contract certified for 2027 MA: the second carrier Ready, in one state
    row(agentA.id, 'Aetna', 'MN', 'MA', 'ready'),
    // another agent's rows: never on A's board
    row(agentB.id, 'Molina Healthcare', 'WI', 'MA', 'ready'),
    row(agentB.id, 'SCAN Health Plan', 'CA', 'MA', 'ready', 2028),
  ]);
  const contract = (id: string, agentId: string, carrierName: string, status: string) => ({
    id,
    holderAgentId: agentId,
    contactName: 'Ann Agent',
    recordType: 'Person Account',
    carrierName,
    status,
  });
  await db
    .insert(contracts)
    .values([
      contract('rts-c1', agentA.id, 'Humana', 'Active'),
      contract('rts-c2', agentA.id, 'Wellcare', 'Pending'),
      contract('rts-c3', agentA.id, 'Aetna', 'Active'),
      contract('rts-c4', agentA.id, 'Devoted Health', 'Active'),
      contract('rts-c5', agentB.id, 'Molina Healthcare', 'Active'),
      contract('rts-c6', agentA.id, 'Cigna Healthcare', 'Terminated'),
    ]);
  await db.insert(certifications).values([
    { id: 'rts-x1', contractId: 'rts-c1', year: 2027, product: 'Medicare Advantage' },
    { id: 'rts-x2', contractId: 'rts-c3', year: 2027, product: 'Medicare Advantage' },
    { id: 'rts-x3', contractId: 'rts-c4', year: 2026, product: 'Medicare Advantage' },
    { id: 'rts-x4', contractId: 'rts-c1', year: 2027, product: 'Prescription Drug Plan' },
    { id: 'rts-x5', contractId: 'rts-c1', year: 2026, product: 'Medicare Advantage' },
    { id: 'rts-x6', contractId: 'rts-c5', year: 2027, product: 'Medicare Advantage' },
    { id: 'rts-x7', contractId: 'rts-c6', year: 2027, product: 'Medicare Advantage' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /arc/rts', () => {
  it("shows the newest plan year's grid: every carrier × state × product, with status, as-of date and next action", async () => {
    const res = await get('/arc/rts', agentA.token);
    expect(res.statusCode).toBe(200);
    const board = res.json();
    expect(board).toMatchObject({
      years: [2027, 2026],
      year: 2027,
      carriers: [
        'Aetna',
        'Cigna Healthcare',
        'Devoted Health',
        'Humana',
        'Molina Healthcare',
        'Quartz Health Solutions',
        'Wellcare',
      ],
      states: ['MN', 'WI'],
      productTypes: ['MA', 'PDP'],
      asOf: '2026-11-20',
    });
    // MA: 7 carriers × 2 states; PDP: Humana's alone × 2 states
    expect(board.cells).toHaveLength(7 * 2 + 2);
    const cell = (carrier: string, state: string, productType: string) =>
      board.cells.find(
        (c: { carrier: string; state: string; productType: string }) =>
          c.carrier === carrier && c.state === state && c.productType === productType,
      );
    expect(cell('Humana', 'WI', 'MA')).toEqual({
      carrier: 'Humana',
      state: 'WI',
      productType: 'MA',
      status: 'ready',
      asOf: '2026-11-20',
      nextAction: null,
    });
    expect(cell('Humana', 'WI', 'PDP')).toMatchObject({ status: 'ready', asOf: '2026-11-02' });
    // no row (the carrier has not said ready), though the contract is active and certified for 2027 PDP
    expect(cell('Humana', 'MN', 'PDP')).toMatchObject({ status: 'not_ready', asOf: null, nextAction: null });
    expect(cell('Wellcare', 'WI', 'MA')).toMatchObject({ status: 'pending', nextAction: 'appointment_pending' });
    // active and certified, but the carrier's own flag says not ready
    expect(cell('Aetna', 'WI', 'MA')).toMatchObject({ status: 'not_ready', nextAction: null });
    expect(cell('Aetna', 'MN', 'MA')).toMatchObject({ status: 'ready', nextAction: null });
    expect(cell('Devoted Health', 'WI', 'MA')).toMatchObject({ status: 'not_ready', nextAction: 'certification_due' });
    // B is ready with Molina and holds its contract; A holds none
    expect(cell('Molina Healthcare', 'WI', 'MA')).toMatchObject({ status: 'not_appointed', nextAction: null });
  });

  it('marks Ready only with an active contract with the carrier and its certification for the plan year', async () => {
    const board = (await get('/arc/rts', agentA.token)).json();
    const cell = (carrier: string, state: string) =>
      board.cells.find(
        (c: { carrier: string; state: string; productType: string }) =>
          c.carrier === carrier && c.state === state && c.productType === 'MA',
      );
    // each of these rows says ready
    expect(cell('Quartz Health Solutions', 'WI')).toMatchObject({ status: 'not_appointed', asOf: '2026-11-20' });
    expect(cell('Devoted Health', 'MN')).toMatchObject({ status: 'not_ready', nextAction: 'certification_due' });
    expect(cell('Wellcare', 'MN')).toMatchObject({ status: 'pending', nextAction: 'appointment_pending' });
    // certified for 2027, but the contract is terminated
    expect(cell('Cigna Healthcare', 'MN')).toMatchObject({ status: 'not_appointed' });
    const ready = board.cells
      .filter((c: { status: string }) => c.status === 'ready')
      .map((c: { carrier: string; state: string; productType: string }) => `${c.carrier} ${c.state} ${c.productType}`);
    expect(ready.sort()).toEqual(['Aetna MN MA', 'Humana MN MA', 'Humana WI MA', 'Humana WI PDP']);
  });

  it('follows the contracts as they change: a terminated contract takes its marks out, a renewed one brings them back', async () => {
    const db = t.database.db;
    const where = { state: 'MN', year: 2027, productType: 'MA' } as const;
    expect([...(await readyCarriers(db, agentA.id, where))].sort()).toEqual(['Aetna', 'Humana']);
    await db.update(contracts).set({ status: 'Terminated' }).where(eq(contracts.id, 'rts-c3'));
    expect([...(await readyCarriers(db, agentA.id, where))]).toEqual(['Humana']);
    await db.update(contracts).set({ status: 'Active' }).where(eq(contracts.id, 'rts-c3'));
    expect([...(await readyCarriers(db, agentA.id, where))].sort()).toEqual(['Aetna', 'Humana']);
  });

  it('shows an earlier plan year when asked, and an empty board for a year without rows', async () => {
    const y2026 = (await get('/arc/rts?year=2026', agentA.token)).json();
    expect(y2026).toMatchObject({ year: 2026, carriers: ['Humana'], states: ['WI'], asOf: '2025-10-01' });
    expect(y2026.cells).toEqual([
      { carrier: 'Humana', state: 'WI', productType: 'MA', status: 'ready', asOf: '2025-10-01', nextAction: null },
    ]);
    const none = (await get('/arc/rts?year=2028', agentA.token)).json();
    expect(none).toMatchObject({ year: 2028, carriers: [], cells: [], asOf: null });
  });

  it("reads only the agent's own rows: B's board has B's carriers, and its plan year past next year is not the default", async () => {
    const b = (await get('/arc/rts', agentB.token)).json();
    expect(b).toMatchObject({ years: [2028, 2027], year: 2027, carriers: ['Molina Healthcare'], states: ['WI'] });
  });

  it('answers 401 without a token and 400 for a malformed year', async () => {
    expect((await get('/arc/rts')).statusCode).toBe(401);
    expect((await get('/arc/rts?year=next', agentA.token)).statusCode).toBe(400);
  });

  it("Supplies' rule reads the same rows: the carriers it finds Ready are the board's Ready cells", async () => {
    const board = (await get('/arc/rts', agentA.token)).json();
    const readyOnBoard = board.cells
      .filter(
        (c: { state: string; productType: string; status: string }) =>
          c.state === 'WI' && c.productType === 'MA' && c.status === 'ready',
      )
      .map((c: { carrier: string }) => c.carrier);
    const rule = await readyCarriers(t.database.db, agentA.id, { state: 'WI', year: 2027, productType: 'MA' });
    expect([...rule]).toEqual(readyOnBoard);
  });
});

describe('GET /arc/rts/summary', () => {
  it('counts exactly the Ready marks of the newest plan year: each carrier with the states it is Ready in', async () => {
    // seven carriers' rows say ready; under the rule Humana is Ready in WI and MN, Aetna in MN alone
    const res = await get('/arc/rts/summary', agentA.token);
    expect(res.json()).toEqual({
      text: 'Ready to Sell 2 carriers for 2027: 1 in 2 states, 1 in 1 state · as of 11/20/2026',
    });
  });

  it('says "N carriers in M states" when each carrier is Ready in each of those states', async () => {
    const res = await get('/arc/rts/summary', agentB.token);
    expect(res.json()).toEqual({ text: 'Ready to Sell 1 carrier in 1 state for 2027 · as of 11/20/2026' });
  });

  it('answers null for an agent without rows, and 401 without a token', async () => {
    const c = await addAgent(t);
    expect((await get('/arc/rts/summary', c.token)).json()).toEqual({ text: null });
    expect((await get('/arc/rts/summary')).statusCode).toBe(401);
  });
});

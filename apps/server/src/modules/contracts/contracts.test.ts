import { CONTRACTS_TEXT, ROSTER_FILE_NAME, type Contract, type Downline } from '@arc/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_AGENCY_DOWNLINE_SIZE,
  insertCertifications,
  insertContracts,
  makeCertification,
  makeContract,
  seedContractsDemo,
} from '../../seed/contracts.ts';
import { DEMO_AGENT_ID, DEMO2_AGENT_ID } from '../../seed/demo-agents.ts';
import { insertAgent } from '../../seed/factories.ts';
import { addAgent, createAgentApp, type AgentApp } from '../../test/agent-app.ts';
import { bearer, mintAccessToken } from '../../test/tokens.ts';

let t: AgentApp;
let tokenA: string;
let agentAId: string;
let tokenB: string;
let demoToken: string;
let demo2Token: string;

/** Agent A holds an individual contract with a three-level downline, an agency contract with none. */
const individual = makeContract({
  contactName: 'Dana Test',
  carrierName: 'Humana',
  hierarchyReportId: '00OAAAAAAAAAAAAAAA',
});
const agency = makeContract({ contactName: 'Test Agency', recordType: 'Agency', carrierName: 'Aetna' });
const level1 = makeContract({ contactName: 'Ann Level', uplineContractId: individual.id });
const level1b = makeContract({ contactName: 'Bob Level', uplineContractId: individual.id, writingNumber: null });
const level2 = makeContract({
  contactName: 'Cid Deeper',
  uplineContractId: level1.id,
  hierarchyReportId: '00OBBBBBBBBBBBBBBB',
});
const level3 = makeContract({ contactName: 'Dee Deepest', uplineContractId: level2.id });
/** Agent B's own contract and its downline. */
const otherContract = makeContract({ contactName: 'Other Agent', hierarchyReportId: '00OCCCCCCCCCCCCCCC' });
const otherDownline = makeContract({ contactName: 'Other Downline', uplineContractId: otherContract.id });

beforeAll(async () => {
  t = await createAgentApp();
  const { db } = t.database;
  const a = t.agent;
  const b = await addAgent(t);
  agentAId = a.id;
  individual.holderAgentId = a.id;
  agency.holderAgentId = a.id;
  otherContract.holderAgentId = b.id;
  await insertContracts(db, [individual, agency, level1, level1b, level2, level3, otherContract, otherDownline]);
  await insertCertifications(db, [
    makeCertification(individual.id, 2025, 'Medicare Advantage'),
    makeCertification(individual.id, 2026, 'Medicare Advantage'),
    makeCertification(individual.id, 2026, 'Prescription Drug Plan'),
    makeCertification(level1.id, 2026, 'Medicare Supplement'),
    makeCertification(level3.id, 2025, 'Medicare Advantage'),
    makeCertification(otherDownline.id, 2026, 'Medicare Advantage'),
  ]);
  tokenA = a.token;
  tokenB = b.token;
  // the demo agents and their seeded contracts (the 5,000-agent agency)
  await insertAgent(db, { id: DEMO_AGENT_ID });
  await insertAgent(db, { id: DEMO2_AGENT_ID });
  await seedContractsDemo({ db, clock: t.clock, year: 2026 });
  demoToken = await mintAccessToken(t, { agentId: DEMO_AGENT_ID });
  demo2Token = await mintAccessToken(t, { agentId: DEMO2_AGENT_ID });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token: string | null = tokenA) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const postRoster = (body: unknown, token: string | null = tokenA) =>
  t.app.inject({
    method: 'POST',
    url: '/arc/agent/downlinereport',
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const rosterAudits = async () =>
  (
    await t.database.db.execute<{ agent_id: string; subject: string; detail: unknown }>(
      sql`select agent_id, subject, detail from audit_log where action = 'roster.exported' order by id`,
    )
  ).rows;

const rosterRow = (contractId: string) => ({
  contractId,
  Account: 'as shown',
  Upline: 'as shown',
  'Writing Number': '',
  Carrier: 'as shown',
});

async function readWorkbook(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values = Array.from(row.values as unknown[]).slice(1);
    rows.push(
      Array.from({ length: 4 }, (_, i) => (values[i] === null || values[i] === undefined ? '' : String(values[i]))),
    );
  });
  return rows;
}

describe('GET /arc/agents/contracts', () => {
  it('answers the contracts the agent holds, with record type and direct downline count', async () => {
    const res = await get('/arc/agents/contracts');
    expect(res.statusCode).toBe(200);
    const { response } = res.json<{ response: Contract[] }>();
    expect(response).toHaveLength(2);
    const byName = Object.fromEntries(response.map((c) => [c.Contact__r.Name, c]));
    expect(byName['Dana Test']).toEqual({
      Id: individual.id,
      Contact__r: { Name: 'Dana Test', RecordType: { Name: 'Person Account' } },
      Carrier__r: { Name: 'Humana' },
      Status__c: 'Active',
      WritingNumber__c: individual.writingNumber,
      HierarchyReportID__c: '00OAAAAAAAAAAAAAAA',
      downlineCount: 2,
    });
    expect(byName['Test Agency']).toMatchObject({ Contact__r: { RecordType: { Name: 'Agency' } }, downlineCount: 0 });
    // never a contract of another holder, nor a downline contract
    expect(response.map((c) => c.Id)).not.toContain(otherContract.id);
    expect(response.map((c) => c.Id)).not.toContain(level1.id);
  });

  it('answers an empty list to an agent with no contracts', async () => {
    const lonely = await addAgent(t);
    const res = await get('/arc/agents/contracts', lonely.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: [] });
  });
});

describe('GET /arc/agent/downlines/:id', () => {
  it('answers the whole hierarchy below the contract, level by level, with upline names', async () => {
    const res = await get(`/arc/agent/downlines/${individual.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json<{ data: Downline[] }>();
    expect(data.map((d) => d.contactName)).toEqual(['Ann Level', 'Bob Level', 'Cid Deeper', 'Dee Deepest']);
    expect(data[2]).toEqual({
      contactName: 'Cid Deeper',
      uplineName: 'Ann Level',
      contractId: level2.id,
      uplineContractId: level1.id,
      status__c: 'Active',
      WritingNumber__c: level2.writingNumber,
      carrierName: 'Humana',
    });
    expect(data[1]!.WritingNumber__c).toBeNull();
  });

  it('answers a contract below one the agent holds, and an empty list for one without downlines', async () => {
    const res = await get(`/arc/agent/downlines/${level2.id}`);
    expect(res.json().data.map((d: Downline) => d.contactName)).toEqual(['Dee Deepest']);
    expect((await get(`/arc/agent/downlines/${agency.id}`)).json()).toEqual({ data: [] });
  });

  it("answers 404 with no data for another agent's contract, its downline and an unknown id", async () => {
    for (const id of [otherContract.id, otherDownline.id, 'a0CZZZZZZZZZZZZZZZ']) {
      const res = await get(`/arc/agent/downlines/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Other');
    }
    // the other agent cannot walk into A's hierarchy either
    expect((await get(`/arc/agent/downlines/${level1.id}`, tokenB)).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await get('/arc/agent/downlines/not-an-id')).statusCode).toBe(400);
    expect((await get(`/arc/agent/downlines/${'a'.repeat(40)}`)).statusCode).toBe(400);
  });
});

describe('GET /arc/agent/certification/:id', () => {
  it("answers the contract's certifications, newest year first", async () => {
    const res = await get(`/arc/agent/certification/${individual.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { Year__c: string; Product2__c: string }) => [c.Year__c, c.Product2__c])).toEqual([
      ['2026', 'Medicare Advantage'],
      ['2026', 'Prescription Drug Plan'],
      ['2025', 'Medicare Advantage'],
    ]);
    expect((await get(`/arc/agent/certification/${agency.id}`)).json()).toEqual({ data: [] });
  });

  it("answers 404 for another agent's contract, 400 for a malformed id, 401 without a token", async () => {
    expect((await get(`/arc/agent/certification/${otherDownline.id}`)).statusCode).toBe(404);
    expect((await get('/arc/agent/certification/%20')).statusCode).toBe(400);
    expect((await get(`/arc/agent/certification/${individual.id}`, null)).statusCode).toBe(401);
  });
});

describe('GET /arc/agent/downlines/certification/:id', () => {
  it('answers the certifications of every contract below, with contact and upline names', async () => {
    const res = await get('/arc/agent/downlines/certification/00OAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        Year__c: '2026',
        Product2__c: 'Medicare Supplement',
        Contract_JSA__r: {
          Contact__r: { Name: 'Ann Level' },
          Upline_Contract__r: { Contact__r: { Name: 'Dana Test' } },
        },
      }),
      expect.objectContaining({
        Year__c: '2025',
        Contract_JSA__r: {
          Contact__r: { Name: 'Dee Deepest' },
          Upline_Contract__r: { Contact__r: { Name: 'Cid Deeper' } },
        },
      }),
    ]);
    // a report id of a contract below one held
    expect((await get('/arc/agent/downlines/certification/00OBBBBBBBBBBBBBBB')).json().data).toHaveLength(1);
  });

  it("answers 404 for another agent's report id or an unknown one, 400 for a malformed one", async () => {
    const res = await get('/arc/agent/downlines/certification/00OCCCCCCCCCCCCCCC');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Other');
    expect((await get('/arc/agent/downlines/certification/00OZZZZZZZZZZZZZZZ')).statusCode).toBe(404);
    expect((await get('/arc/agent/downlines/certification/00O-bad')).statusCode).toBe(400);
    expect((await get('/arc/agent/downlines/certification/00OAAAAAAAAAAAAAAA', null)).statusCode).toBe(401);
  });
});

describe('POST /arc/agent/downlinereport', () => {
  it('answers "Agent Roster.xlsx" with the rows in the posted order, cells from the contracts', async () => {
    const res = await postRoster({ downlines: [level3.id, level1.id, level1b.id].map(rosterRow) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ROSTER_FILE_NAME}"`);
    expect(await readWorkbook(res.rawPayload)).toEqual([
      ['Account', 'Upline', 'Writing Number', 'Carrier'],
      ['Dee Deepest', 'Cid Deeper', level3.writingNumber, 'Humana'],
      ['Ann Level', 'Dana Test', level1.writingNumber, 'Humana'],
      ['Bob Level', 'Dana Test', '', 'Humana'],
    ]);
    expect((await rosterAudits()).at(-1)).toEqual({
      agent_id: agentAId,
      subject: ROSTER_FILE_NAME,
      detail: { rows: 3, carriers: ['Humana'] },
    });
  });

  it('answers 404 and no file when any row lies outside the agent hierarchy', async () => {
    const audited = (await rosterAudits()).length;
    const res = await postRoster({ downlines: [level1.id, otherDownline.id].map(rosterRow) });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).not.toContain('Other');
    expect((await postRoster({ downlines: [rosterRow(level1.id)] }, tokenB)).statusCode).toBe(404);
    // nothing exported, nothing recorded
    expect(await rosterAudits()).toHaveLength(audited);
  });

  it('answers 400 with the spec message for an empty list, and for a malformed body', async () => {
    const empty = await postRoster({ downlines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(CONTRACTS_TEXT.rosterEmpty);
    expect((await postRoster({})).statusCode).toBe(400);
    expect((await postRoster({ downlines: [{ contractId: 'x' }] })).statusCode).toBe(400);
    expect((await postRoster('{not json')).statusCode).toBe(400);
  });

  it('answers 413 for an oversize body and 400 for too many rows', async () => {
    const huge = {
      downlines: [{ ...rosterRow(level1.id), Account: 'x'.repeat(200) }],
      pad: 'x'.repeat(5 * 1024 * 1024),
    };
    expect((await postRoster(huge)).statusCode).toBe(413);
    const many = { downlines: Array.from({ length: 20_001 }, () => ({ contractId: level1.id })) };
    expect((await postRoster(many)).statusCode).toBe(400);
  });
});

describe('the demo contracts', () => {
  it('give demo an agency with a 5,000-agent downline several levels deep', async () => {
    const { response } = (await get('/arc/agents/contracts', demoToken)).json<{ response: Contract[] }>();
    expect(response.filter((c) => c.Contact__r.RecordType.Name === 'Person Account').length).toBeGreaterThanOrEqual(5);
    const anthem = response.find((c) => c.Contact__r.RecordType.Name === 'Agency' && c.Carrier__r.Name === 'Anthem')!;
    const { data } = (await get(`/arc/agent/downlines/${anthem.Id}`, demoToken)).json<{ data: Downline[] }>();
    expect(data).toHaveLength(DEMO_AGENCY_DOWNLINE_SIZE);
    const depth = new Map<string, number>([[anthem.Id, 0]]);
    for (const d of data) depth.set(d.contractId, depth.get(d.uplineContractId)! + 1);
    expect(Math.max(...depth.values())).toBeGreaterThanOrEqual(4);
    // the roster of all 5,000
    const roster = await postRoster({ downlines: data.map((d) => rosterRow(d.contractId)) }, demoToken);
    expect(roster.statusCode).toBe(200);
    expect(await readWorkbook(roster.rawPayload)).toHaveLength(DEMO_AGENCY_DOWNLINE_SIZE + 1);
  });

  it("give demo2 no way into demo's contracts (404 on every call)", async () => {
    const { response } = (await get('/arc/agents/contracts', demoToken)).json<{ response: Contract[] }>();
    const own = (await get('/arc/agents/contracts', demo2Token)).json<{ response: Contract[] }>();
    expect(own.response.length).toBeGreaterThan(0);
    expect(own.response.map((c) => c.Id)).not.toContain(response[0]!.Id);
    for (const contract of response) {
      expect((await get(`/arc/agent/downlines/${contract.Id}`, demo2Token)).statusCode).toBe(404);
      expect((await get(`/arc/agent/certification/${contract.Id}`, demo2Token)).statusCode).toBe(404);
      if (contract.HierarchyReportID__c) {
        const res = await get(`/arc/agent/downlines/certification/${contract.HierarchyReportID__c}`, demo2Token);
        expect(res.statusCode).toBe(404);
      }
    }
    const roster = await postRoster({ downlines: [rosterRow(response[0]!.Id)] }, demo2Token);
    expect(roster.statusCode).toBe(404);
  });
});

import { type ImportJob, type ImportReport, type StaffRole } from '@arc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  agentReadyToSell,
  agents,
  certifications,
  commissionStatements,
  contracts,
  importJobs,
} from './db/schema/index.ts';
import { addAgent, type TestAgent } from './test/agent-app.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { multipart } from './test/multipart.ts';
import { insertStaff, mintStaffToken } from './test/staff.ts';
import { bearer } from './test/tokens.ts';

/**
 * PostgreSQL cannot hold U+0000 in text: a NUL in an imported field or an uploaded file's name was a 500 on apply
 * (and the dry run accepted the line). Every CSV import reads its lines through `platform/csv.ts`, which refuses
 * a control character in a line with its reason; every upload goes through `receiveImport`, which refuses one in
 * the file's name. One test per import kind, so a kind that reads its file another way shows up here.
 */

let t: TestApp;
let agent: TestAgent;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await mintStaffToken(t, await insertStaff(t, { role: 'admin' satisfies StaffRole }))).token;
  agent = await addAgent(t);
});
afterAll(async () => {
  await t?.close();
});

function upload(url: string, field: string, csv: string, fileName = 'file.csv') {
  const body = multipart([{ name: field, filename: fileName, contentType: 'text/csv', body: csv }]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), 'content-type': body.contentType },
    payload: body.buffer(),
  });
}

const NUL_REASON = /^field \d+ holds a NUL character \(U\+0000\)/;
const contractId = 'a0C000001nulzzzzzz';
const rosterNpn = '71000001';

interface Kind {
  name: string;
  url: string;
  field: string;
  /** the file: a header and one line with a NUL in a text field */
  csv: () => string;
  /** whatever the line would have written */
  written: () => Promise<unknown[]>;
}

const KINDS: Kind[] = [
  {
    name: 'the roster',
    url: '/arc/staff/imports/agents',
    field: 'roster',
    csv: () =>
      `npn,first,last,email,phone,state,tier,status\n${rosterNpn},Ann\u0000a,Lee,ann.nul@example.test,(608) 555-0100,WI,Standard,Active\n`,
    written: () => t.database.db.select().from(agents).where(eq(agents.npn, rosterNpn)),
  },
  {
    name: 'contracts',
    url: '/arc/staff/imports/contracts',
    field: 'file',
    csv: () =>
      'contract_id,holder_npn,contact_name,record_type,carrier,status,writing_number,upline_contract_id,hierarchy_report_id\n' +
      `${contractId},${agent.npn},Whit\u0000field,Person Account,Humana,Active,W1,,\n`,
    written: () => t.database.db.select().from(contracts).where(eq(contracts.id, contractId)),
  },
  {
    name: 'certifications',
    url: '/arc/staff/imports/certifications',
    field: 'file',
    csv: () => `contract_id,year,product\n${contractId},2027,Medicare\u0000 Advantage\n`,
    written: () => t.database.db.select().from(certifications).where(eq(certifications.contractId, contractId)),
  },
  {
    name: 'Ready to Sell',
    url: '/arc/staff/imports/ready-to-sell',
    field: 'file',
    csv: () =>
      `npn,carrier,state,product_type,plan_year,status,as_of\n${agent.npn},Hum\u0000ana,WI,MA,2027,ready,2026-10-01\n`,
    written: () => t.database.db.select().from(agentReadyToSell).where(eq(agentReadyToSell.agentId, agent.id)),
  },
  {
    name: 'commission statements',
    url: '/arc/staff/statements',
    field: 'file',
    csv: () =>
      'npn,statement_date,carrier,policy_number,client,product,effective_date,transaction,premium,commission\n' +
      `${agent.npn},2026-08-01,Humana,P1,"Moore,\u0000 Linda",Medicare Advantage,2026-08-01,New,112.40,10.00\n`,
    written: () =>
      t.database.db.select().from(commissionStatements).where(eq(commissionStatements.statementDate, '2026-08-01')),
  },
];

describe('CSV imports: a control character in a field', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: the dry run rejects the line with its reason; the apply answers 422 and writes nothing`, async () => {
      const preview = await upload(`${kind.url}?dryRun=true`, kind.field, kind.csv());
      expect(preview.statusCode).toBe(200);
      const report = preview.json<ImportReport>();
      expect(report.counts.rejected).toBe(1);
      expect(report.rejected[0]!.line).toBe(2);
      expect(report.rejected[0]!.reason).toMatch(NUL_REASON);

      const applied = await upload(kind.url, kind.field, kind.csv());
      expect(applied.statusCode).toBe(422);
      expect(applied.json<ImportReport>()).toMatchObject({ applied: false, counts: { rejected: 1 } });
      expect(await kind.written()).toEqual([]);
    });
  }

  it('names the field of another control character, and keeps a tab in a field', async () => {
    const csv =
      'npn,first,last,email,phone,state,tier,status\n' +
      `71000002,Bo\tb,Lee,bob.tab@example.test,(608) 555-0100,WI,Standard,Active\n` +
      `71000003,Cy,Lee\u001b[31m,cy.esc@example.test,(608) 555-0100,WI,Standard,Active\n`;
    const report = (await upload('/arc/staff/imports/agents?dryRun=true', 'roster', csv)).json<ImportReport>();
    expect(report.counts).toMatchObject({ new: 1, rejected: 1 });
    expect(report.rejected).toEqual([
      {
        line: 3,
        reason: expect.stringMatching(/^field 3 holds a control character \(U\+001B\)/) as unknown,
        // the line's text, its control character shown by its picture, never written as it came
        content: '71000003,Cy,Lee\u241b[31m,cy.esc@example.test,(608) 555-0100,WI,Standard,Active',
      },
    ]);
  });

  it('answers 400 with the reason for a NUL in the header line', async () => {
    const res = await upload('/arc/staff/imports/contracts?dryRun=true', 'file', 'contract_id\u0000,year\nx,1\n');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/NUL character \(U\+0000\)/);
  });

  it('an import job of contracts fails with the line in its report, not a crash', async () => {
    const res = await upload('/arc/staff/import-jobs/start/contracts', 'file', KINDS[1]!.csv(), 'contracts.csv');
    expect(res.statusCode).toBe(202);
    const id = res.json<ImportJob>().id;
    const job = await vi.waitFor(
      async () => {
        const got = (
          await t.app.inject({ url: `/arc/staff/import-jobs/${id}`, headers: bearer(token) })
        ).json<ImportJob>();
        if (got.status !== 'done' && got.status !== 'failed') throw new Error(`still ${got.status}`);
        return got;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(job).toMatchObject({ status: 'failed', rowsRejected: 1, hasReport: true });
    const report = await t.app.inject({ url: `/arc/staff/import-jobs/${id}/report`, headers: bearer(token) });
    expect(report.body).toMatch(/2,field 3 holds a NUL character/);
    expect(await KINDS[1]!.written()).toEqual([]);
  });
});

describe('uploads: a control character in the file name', () => {
  const cases = [
    { url: '/arc/staff/import-jobs/start/contracts', field: 'file' },
    { url: '/arc/staff/imports/agents?dryRun=true', field: 'roster' },
    { url: '/arc/staff/statements?dryRun=true', field: 'file' },
  ];
  for (const { url, field } of cases) {
    it(`POST ${url.replace(/\?.*/, '')} answers 400 with the reason for a NUL in the file's name`, async () => {
      const jobsBefore = await t.database.db.select().from(importJobs);
      const res = await upload(url, field, KINDS[1]!.csv(), 'con\u0000tracts.csv');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/file name .*NUL character \(U\+0000\)/);
      expect(await t.database.db.select().from(importJobs)).toHaveLength(jobsBefore.length);
    });
  }
});

describe('JSON bodies: a NUL in any string', () => {
  it('POST /arc/staff/terms answers 400 naming the field, and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/staff/terms',
      headers: bearer(token),
      payload: { title: 'Terms\u0000', body: '<p>Hello</p>' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fieldErrors: { title: ['must not contain a NUL character'] } });
  });

  it('PATCH /arc/staff/agents/:npn answers 400 for a NUL deep in the body', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/arc/staff/agents/${agent.npn}`,
      headers: bearer(token),
      payload: { firstName: 'A', nested: { list: ['ok', 'b\u0000'] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/NUL character/);
  });
});

import { CONTRACT_IMPORT_MAX_BYTES, type ImportReport, type StaffRole } from '@arc/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentReadyToSell, auditLog, certifications, contracts } from '../../db/schema/index.ts';
import { insertCertifiedContract, insertContracts, makeContract } from '../../seed/contracts.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

const CONTRACTS_HEADER =
  'contract_id,holder_npn,contact_name,record_type,carrier,status,writing_number,upline_contract_id,hierarchy_report_id';
let t: TestApp;
let holder: TestAgent;
const tokens = {} as Record<StaffRole, string>;
let idSeq = 0;
/** A new contract id in the CRM's format (18 letters and digits). */
const nextId = () => `a0C${String(++idSeq).padStart(6, '0')}${Date.now().toString(36).slice(-9).padStart(9, '0')}`;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role }))).token;
  }
  holder = await addAgent(t);
});
afterAll(async () => {
  await t?.close();
});

type Kind = 'contracts' | 'certifications' | 'ready-to-sell';
function upload(kind: Kind, role: StaffRole, csv: string | Buffer, query = '') {
  const body = multipart([{ name: 'file', filename: `${kind}.csv`, contentType: 'text/csv', body: csv }]);
  return t.app.inject({
    method: 'POST',
    url: `/arc/staff/imports/${kind}${query}`,
    headers: { ...bearer(tokens[role]), 'content-type': body.contentType },
    payload: body.buffer(),
  });
}
const asAgent = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(holder.token) });

/** A contract line: `upline` and `npn` may be empty. */
const contractLine = (id: string, upline = '', npn = '', name = `Name ${id.slice(-4)}`, status = 'Active') =>
  `${id},${npn},${name},Person Account,Humana,${status},W${id.slice(-6)},${upline},`;

const auditEvents = (
  action: 'contracts.imported' | 'certifications.imported' | 'ready-to-sell.imported',
  sha: string,
) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, sha)));

const contractById = async (id: string) =>
  (await t.database.db.select().from(contracts).where(eq(contracts.id, id)))[0];

describe('POST /arc/staff/imports/contracts', () => {
  it('previews without writing, then applies a hierarchy listed downlines first, with an audit event', async () => {
    const [root, child, grandchild] = [nextId(), nextId(), nextId()];
    const csv = [
      CONTRACTS_HEADER,
      contractLine(grandchild, child),
      contractLine(child, root),
      `${root},${holder.npn},"Whitfield Group, LLC",agency,Humana,Active,W1,,${root.replace('a0C', '00O')}`,
    ].join('\r\n');
    const preview = await upload('contracts', 'operations', csv, '?dryRun=true');
    expect(preview.statusCode).toBe(200);
    const report = preview.json<ImportReport>();
    expect(report).toMatchObject({ dryRun: true, applied: false, counts: { lines: 3, new: 3, rejected: 0 } });
    expect(report.new[2]).toMatchObject({
      line: 4,
      key: root,
      changes: { record_type: { before: null, after: 'Agency' }, contact_name: { after: 'Whitfield Group, LLC' } },
    });
    expect(await contractById(root)).toBeUndefined();

    const applied = await upload('contracts', 'operations', csv);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ applied: true, sha256: report.sha256 });
    expect(await contractById(root)).toMatchObject({ holderAgentId: holder.id, recordType: 'Agency' });
    const [event] = await auditEvents('contracts.imported', report.sha256);
    expect(event!.detail).toMatchObject({ source: 'upload', counts: { new: 3, changed: 0 } });

    // the agent portal sees it at once: the held contract and its downline
    const held = (await asAgent('/arc/agents/contracts')).json<{ response: { Id: string }[] }>();
    expect(held.response.map((c) => c.Id)).toContain(root);
    const downline = async () =>
      (await asAgent(`/arc/agent/downlines/${root}`)).json<{ data: { contractId: string; status__c: string }[] }>();
    expect((await downline()).data.map((d) => d.contractId).sort()).toEqual([child, grandchild].sort());

    // a second file: one changed, one new below a contract on file, one unchanged
    const added = nextId();
    const second = [
      CONTRACTS_HEADER,
      contractLine(child, root, '', `Name ${child.slice(-4)}`, 'Terminated'),
      contractLine(added, grandchild),
      contractLine(grandchild, child),
    ].join('\n');
    const again = await upload('contracts', 'admin', second);
    expect(again.json()).toMatchObject({ applied: true, counts: { new: 1, changed: 1, unchanged: 1 } });
    expect(again.json().changed).toEqual([
      { line: 2, key: child, changes: { status: { before: 'Active', after: 'Terminated' } } },
    ]);
    const after = (await downline()).data;
    expect(after.map((d) => d.contractId)).toContain(added);
    expect(after.find((d) => d.contractId === child)!.status__c).toBe('Terminated');
  });

  it('rejects bad lines, unknown uplines, duplicates and cycles (also through a contract on file), and writes nothing', async () => {
    const [top, below] = [nextId(), nextId()];
    expect(
      (await upload('contracts', 'admin', [CONTRACTS_HEADER, contractLine(top), contractLine(below, top)].join('\n')))
        .statusCode,
    ).toBe(200);
    const [good, a, b, dup, lone] = [nextId(), nextId(), nextId(), nextId(), nextId()];
    const unknown = nextId();
    const csv = [
      CONTRACTS_HEADER,
      contractLine(good, top),
      `${nextId()},,"Bro"ken,Person Account,Humana,Active,,,`,
      contractLine(lone, unknown),
      contractLine(a, b),
      contractLine(b, a),
      contractLine(dup),
      contractLine(dup),
      contractLine(top, below),
      `${nextId()},99999999,Someone,Person Account,Humana,Active,,,`,
      `${nextId()},,Someone,Broker,Humana,Active,,,`,
      `${nextId()},,Someone,Agency,Humana,Active,,`,
      `${lone.slice(0, 10)},,Someone,Agency,Humana,Active,,,`,
    ].join('\n');
    const res = await upload('contracts', 'operations', csv);
    expect(res.statusCode).toBe(422);
    const report = res.json<ImportReport>();
    expect(report).toMatchObject({ applied: false, counts: { lines: 12, rejected: 10 } });
    expect(report.rejected.map((r) => r.line)).toEqual([3, 4, 5, 6, 8, 9, 10, 11, 12, 13]);
    const reason = (line: number) => report.rejected.find((r) => r.line === line)!.reason;
    expect(reason(3)).toMatch(/^malformed CSV/);
    expect(reason(4)).toBe(`upline_contract_id: ${unknown} is neither in the file nor on file`);
    expect(reason(5)).toBe(`upline_contract_id: makes a cycle of uplines (${a} → ${b} → ${a})`);
    expect(reason(6)).toBe(`upline_contract_id: makes a cycle of uplines (${b} → ${a} → ${b})`);
    expect(reason(8)).toBe(`contract_id: ${dup} is also on line 7`);
    // the cycle through a contract on file: top would sit below its own downline
    expect(reason(9)).toBe(`upline_contract_id: makes a cycle of uplines (${top} → ${below} → ${top})`);
    expect(reason(10)).toBe('holder_npn: no agent has the NPN 99999999');
    expect(reason(11)).toMatch(/^record_type: is Person Account or Agency/);
    expect(reason(12)).toBe('8 fields, expected 9');
    expect(reason(13)).toMatch(/^contract_id:/);
    expect(await contractById(good)).toBeUndefined();
    expect(await contractById(dup)).toBeUndefined();
    expect((await contractById(top))!.uplineContractId).toBeNull();
    expect(await auditEvents('contracts.imported', report.sha256)).toEqual([]);
  });

  it('answers 400 for a file that is not a contracts file, and 413 for 200 MB at once', async () => {
    expect((await upload('contracts', 'admin', 'contract_id,carrier\nx,y\n')).statusCode).toBe(400);
    expect((await upload('contracts', 'admin', `${CONTRACTS_HEADER}\n`)).statusCode).toBe(400);
    expect((await upload('contracts', 'admin', '')).statusCode).toBe(400);
    const wrongPart = multipart([{ name: 'roster', filename: 'c.csv', body: `${CONTRACTS_HEADER}\n` }]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/arc/staff/imports/contracts',
      headers: { ...bearer(tokens.admin), 'content-type': wrongPart.contentType },
      payload: wrongPart.buffer(),
    });
    expect(answer.statusCode).toBe(400);

    const size = 200 * 1024 * 1024;
    const huge = multipart([{ name: 'file', filename: 'huge.csv', body: blankLines(size) }]);
    let length = 0;
    for await (const chunk of huge.stream()) length += (chunk as Buffer).length;
    let sent = 0;
    const counted = (async function* () {
      for await (const chunk of huge.stream()) {
        sent += (chunk as Buffer).length;
        yield chunk;
      }
    })();
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/staff/imports/contracts?dryRun=true',
      headers: { ...bearer(tokens.admin), 'content-type': huge.contentType, 'content-length': String(length) },
      payload: counted,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(`The contracts file is over ${CONTRACT_IMPORT_MAX_BYTES / 1024 / 1024} MiB`);
    expect(sent).toBeLessThan(size);
  }, 60_000);

  it('lets admin and operations import; support and content get 403 on every import', async () => {
    const csv = [CONTRACTS_HEADER, contractLine(nextId())].join('\n');
    for (const role of ['support', 'content'] as const) {
      for (const kind of ['contracts', 'certifications', 'ready-to-sell'] as const) {
        expect((await upload(kind, role, csv, '?dryRun=true')).statusCode).toBe(403);
      }
    }
    for (const role of ['admin', 'operations'] as const) {
      expect((await upload('contracts', role, csv, '?dryRun=true')).statusCode).toBe(200);
    }
  });
});

const CHUNK = Buffer.alloc(1024 * 1024, '\n');
function* blankLines(size: number): Generator<Uint8Array> {
  yield Buffer.from(`${CONTRACTS_HEADER}\n`);
  for (let left = size; left > 0; left -= CHUNK.length) yield CHUNK.subarray(0, Math.min(left, CHUNK.length));
}

describe('POST /arc/staff/imports/certifications', () => {
  it('adds certifications of contracts on file, keeps the ones there, and rejects unknown contracts and duplicates', async () => {
    const id = nextId();
    await upload('contracts', 'admin', [CONTRACTS_HEADER, contractLine(id, '', holder.npn)].join('\n'));
    const csv = ['contract_id,year,product', `${id},2027,Medicare Advantage`, `${id},2027,Prescription Drug Plan`].join(
      '\n',
    );
    const preview = await upload('certifications', 'operations', csv, '?dryRun=true');
    expect(preview.json()).toMatchObject({ counts: { lines: 2, new: 2 }, applied: false });
    const applied = await upload('certifications', 'operations', csv);
    expect(applied.statusCode).toBe(200);
    const sha = applied.json<ImportReport>().sha256;
    expect(await auditEvents('certifications.imported', sha)).toHaveLength(1);
    const certs = (await asAgent(`/arc/agent/certification/${id}`)).json<{ data: { Product2__c: string }[] }>();
    expect(certs.data.map((c) => c.Product2__c).sort()).toEqual(['Medicare Advantage', 'Prescription Drug Plan']);
    expect((await upload('certifications', 'admin', csv)).json().counts).toMatchObject({ new: 0, unchanged: 2 });

    const unknown = nextId();
    const bad = [
      'Year,Product,Contract_ID',
      `2027,Medicare Supplement,${id}`,
      `2027,Medicare Advantage,${unknown}`,
      `20x7,Medicare Advantage,${id}`,
      `2027,Medicare Supplement,${id}`,
    ].join('\n');
    const res = await upload('certifications', 'admin', bad);
    expect(res.statusCode).toBe(422);
    // a line refused as it is read keeps its text; one refused against the data on file is named by its key
    expect(res.json<ImportReport>().rejected).toEqual([
      { line: 3, reason: `contract_id: no contract ${unknown} on file` },
      { line: 4, reason: 'year: is not a year', content: `20x7,Medicare Advantage,${id}` },
      {
        line: 5,
        reason: `contract_id, year and product: ${id}, 2027, Medicare Supplement is also on line 2`,
        content: `2027,Medicare Supplement,${id}`,
      },
    ]);
    const rows = await t.database.db.select().from(certifications).where(eq(certifications.contractId, id));
    expect(rows).toHaveLength(2);
  });
});

describe('POST /arc/staff/imports/ready-to-sell', () => {
  const HEADER = 'npn,carrier,state,product_type,plan_year,status,as_of';
  it('imports, changes and shows an agent’s Ready-to-Sell rows; rejects unknown agents and bad values', async () => {
    const agent = await addAgent(t);
    await insertCertifiedContract(t.database.db, { agentId: agent.id, carrier: 'Humana', certified: [] });
    const csv = [
      HEADER,
      `${agent.npn},Humana,wi,ma,2027,ready,2026-10-01`,
      `${agent.npn},Humana,WI,PDP,2027,not_ready,2026-10-01`,
    ].join('\n');
    expect((await upload('ready-to-sell', 'operations', csv, '?dryRun=true')).json().counts).toMatchObject({ new: 2 });
    const rowsOf = () => t.database.db.select().from(agentReadyToSell).where(eq(agentReadyToSell.agentId, agent.id));
    expect(await rowsOf()).toEqual([]);
    const applied = await upload('ready-to-sell', 'operations', csv);
    expect(applied.statusCode).toBe(200);
    expect(await auditEvents('ready-to-sell.imported', applied.json<ImportReport>().sha256)).toHaveLength(1);

    const change = [HEADER, `${agent.npn},Humana,WI,PDP,2027,ready,2026-11-15`].join('\n');
    const changed = await upload('ready-to-sell', 'admin', change);
    expect(changed.json().changed).toEqual([
      {
        line: 2,
        key: `${agent.npn}, Humana, WI, PDP, 2027`,
        changes: {
          status: { before: 'not_ready', after: 'ready' },
          as_of: { before: '2026-10-01', after: '2026-11-15' },
        },
      },
    ]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/arc/staff/agents/${agent.npn}`,
      headers: bearer(tokens.support),
    });
    expect(detail.json().readyToSell).toEqual([
      { carrier: 'Humana', state: 'WI', productType: 'MA', planYear: 2027, status: 'ready', asOf: '2026-10-01' },
      { carrier: 'Humana', state: 'WI', productType: 'PDP', planYear: 2027, status: 'ready', asOf: '2026-11-15' },
    ]);

    const bad = [
      HEADER,
      `99999998,Humana,WI,MA,2027,ready,2026-10-01`,
      `${agent.npn},Humana,WI,Medigap,2027,ready,2026-10-01`,
      `${agent.npn},Humana,WI,MA,2027,maybe,2026-10-01`,
      `${agent.npn},Humana,WI,MA,2027,ready,2026-02-30`,
      `${agent.npn},Humana,ZZ,MA,2027,ready,2026-10-01`,
      `${agent.npn},Aetna,WI,MA,2027,ready,2026-10-01`,
    ].join('\n');
    const res = await upload('ready-to-sell', 'admin', bad);
    expect(res.statusCode).toBe(422);
    const reasons = res.json<ImportReport>().rejected.map((r) => `${r.line} ${r.reason.split(':')[0]}`);
    // the Aetna line: the agent holds no Aetna contract
    expect(reasons).toEqual(['2 npn', '3 product_type', '4 status', '5 as_of', '6 state', '7 carrier']);
    expect((await rowsOf()).map((r) => r.orgName)).not.toContain('Aetna');
  });

  it('rejects a ready line for a carrier the agent holds no active contract with, with its reason; writes nothing', async () => {
    const agent = await addAgent(t);
    const db = t.database.db;
    await insertCertifiedContract(db, { agentId: agent.id, carrier: 'Humana', certified: [] });
    await insertContracts(db, [
      makeContract({ holderAgentId: agent.id, carrierName: 'Wellcare', status: 'Pending' }),
      makeContract({ holderAgentId: agent.id, carrierName: 'Cigna Healthcare', status: 'Terminated' }),
    ]);
    // another agent's active Quartz contract is not this agent's
    const other = await addAgent(t);
    await insertCertifiedContract(db, { agentId: other.id, carrier: 'Quartz Health Solutions', certified: [] });
    const csv = [
      HEADER,
      `${agent.npn},Humana,WI,MA,2027,ready,2026-10-01`,
      `${agent.npn},Quartz Health Solutions,WI,MA,2027,ready,2026-10-01`,
      `${agent.npn},Wellcare,WI,MA,2027,ready,2026-10-01`,
      `${agent.npn},Cigna Healthcare,WI,MA,2027,ready,2026-10-01`,
      // not ready needs no contract: the board shows it Pending or Not appointed
      `${agent.npn},Wellcare,MN,MA,2027,not_ready,2026-10-01`,
      `${agent.npn},Security Health Plan,WI,MA,2027,not_ready,2026-10-01`,
    ].join('\n');
    const preview = await upload('ready-to-sell', 'operations', csv, '?dryRun=true');
    expect(preview.json<ImportReport>()).toMatchObject({ counts: { lines: 6, new: 3, rejected: 3 } });
    const res = await upload('ready-to-sell', 'operations', csv);
    expect(res.statusCode).toBe(422);
    const report = res.json<ImportReport>();
    expect(report.applied).toBe(false);
    expect(report.rejected).toEqual(
      ['Quartz Health Solutions', 'Wellcare', 'Cigna Healthcare'].map((carrier, i) => ({
        line: 3 + i,
        reason: `carrier: the agent with the NPN ${agent.npn} holds no active contract with ${carrier}; a ready line needs one`,
      })),
    );
    const rows = await db.select().from(agentReadyToSell).where(eq(agentReadyToSell.agentId, agent.id));
    expect(rows).toEqual([]);

    // without the rejected lines the file applies
    const fixed = csv
      .split('\n')
      .filter((_, i) => i < 2 || i > 4)
      .join('\n');
    expect((await upload('ready-to-sell', 'operations', fixed)).json<ImportReport>()).toMatchObject({
      applied: true,
      counts: { new: 3, rejected: 0 },
    });
  });

  it('notifies the agent once per applied file of the marks it changed, and the holder of new certifications', async () => {
    const agent = await addAgent(t);
    const db = t.database.db;
    const humana = await insertCertifiedContract(db, { agentId: agent.id, carrier: 'Humana', certified: [] });
    const notices = async () =>
      (await t.app.inject({ method: 'GET', url: '/arc/agent/notifications', headers: bearer(agent.token) })).json<{
        rows: { kind: string; title: string; body: string; link: string }[];
      }>().rows;
    const csv = [
      HEADER,
      `${agent.npn},Humana,WI,MA,2027,ready,2026-10-01`,
      `${agent.npn},Humana,MN,MA,2027,not_ready,2026-10-01`,
    ].join('\n');
    // a dry run and a rejected file notify nobody
    await upload('ready-to-sell', 'operations', csv, '?dryRun=true');
    await upload('ready-to-sell', 'operations', `${csv}\n${agent.npn},Aetna,WI,MA,2027,ready,2026-10-01`);
    expect(await notices()).toEqual([]);

    await upload('ready-to-sell', 'operations', csv);
    expect(await notices()).toEqual([
      expect.objectContaining({
        kind: 'ready-to-sell-changed',
        title: 'Your Ready to Sell changed',
        body: expect.stringContaining(
          '2 Ready-to-Sell marks changed: Humana MA in WI for 2027: ready; Humana MA in MN for 2027: not ready.',
        ),
        link: '/rts',
      }),
    ]);
    // the same file again changes nothing: no new notice
    await upload('ready-to-sell', 'operations', csv);
    expect(await notices()).toHaveLength(1);

    const certs = ['contract_id,year,product', `${humana.id},2027,Medicare Advantage`].join('\n');
    expect((await upload('certifications', 'operations', certs)).json<ImportReport>().applied).toBe(true);
    const [latest] = await notices();
    expect(latest).toMatchObject({
      kind: 'ready-to-sell-changed',
      title: 'Your certifications changed',
      body: '1 new certification on file: Humana Medicare Advantage 2027.',
    });
  });
});

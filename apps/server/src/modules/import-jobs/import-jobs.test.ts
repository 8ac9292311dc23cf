import { Readable } from 'node:stream';
import type { ImportJob, StaffRole } from '@arc/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, t65ListInfo } from '../../db/schema/index.ts';
import { readCsvLines } from '../../platform/csv.ts';
import { addAgent, type TestAgent } from '../../test/agent-app.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { multipart } from '../../test/multipart.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';
import { runImportJob } from './service.ts';

const T65_HEADER = 't65,prefix,first_name,middle,last_name,address1,address2,city,state,zip,county,phone,ncoa_date';
const t65Line = (n: number) =>
  `2027-0${1 + (n % 9)}-1${n % 10},Ms.,First${n},,Last${n},${n} Lake St,,Madison,WI,53703,55025,,2026-11-01`;

let t: TestApp;
let agent: TestAgent;
const tokens = {} as Record<StaffRole, string>;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role }))).token;
  }
  agent = await addAgent(t);
});
afterAll(async () => {
  await t?.close();
});

function start(kind: string, csv: string, token: string | null, query = '', fileName = `${kind}.csv`) {
  const body = multipart([{ name: 'file', filename: fileName, contentType: 'text/csv', body: csv }]);
  return t.app.inject({
    method: 'POST',
    url: `/arc/staff/import-jobs/start/${kind}${query}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': body.contentType },
    payload: body.buffer(),
  });
}
const get = (url: string, token: string | null = tokens.admin) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

async function settled(id: string): Promise<ImportJob> {
  return vi.waitFor(
    async () => {
      const job = (await get(`/arc/staff/import-jobs/${id}`)).json<ImportJob>();
      if (job.status !== 'done' && job.status !== 'failed') throw new Error(`still ${job.status}`);
      return job;
    },
    { timeout: 20_000, interval: 100 },
  );
}

describe('import jobs', () => {
  it('runs a T65 list as a job: progress, rejected lines in the report, the list switched, an audit event', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => t65Line(i));
    lines.splice(10, 0, '2027-01-01,,Bad,,Zip,1 Main St,,Madison,WI,53202,55025,,2026-11-01');
    const csv = [T65_HEADER, ...lines].join('\n');
    const res = await start('t65', csv, tokens.operations, '', 'national list.csv');
    expect(res.statusCode).toBe(202);
    const queued = res.json<ImportJob>();
    expect(queued).toMatchObject({ kind: 't65', fileName: 'national list.csv', fileBytes: Buffer.byteLength(csv) });
    expect(queued.fileSha256).toMatch(/^[0-9a-f]{64}$/);

    const job = await settled(queued.id);
    expect(job).toMatchObject({
      status: 'done',
      rowsRead: 301,
      rowsRejected: 1,
      bytesRead: job.fileBytes,
      hasReport: true,
    });
    const info = await t.database.db.select().from(t65ListInfo);
    expect(info[0]).toMatchObject({ total: 300, source: 'national list.csv' });

    const report = await get(`/arc/staff/import-jobs/${job.id}/report`);
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toMatch(/^text\/csv/);
    expect(report.headers['content-disposition']).toContain('national list rejected lines.csv');
    expect(report.body).toContain('12,"zip 53202 is not in Dane County, WI"');

    const events = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, job.fileSha256)));
    expect(events.map((e) => e.action).sort()).toEqual(['import-job.started', 'prospects.imported']);

    // a second run of a job already applied (a replica restarted after the apply) changes nothing
    await t.database.db.execute(sql`update t65_list_info set source = 'unchanged'`);
    await runImportJob({ db: t.database.db, clock: t.app.deps.clock, storage: t.app.deps.storage }, job.id);
    expect((await t.database.db.select().from(t65ListInfo))[0]?.source).toBe('unchanged');

    const list = (await get('/arc/staff/import-jobs', tokens.operations)).json<{ jobs: ImportJob[] }>();
    expect(list.jobs[0]).toMatchObject({ id: job.id, status: 'done' });
  });

  it('fails a file without the needed header, keeping the list, and says why', async () => {
    const res = await start('t65', 'name,zip\nAna,53703\n', tokens.admin);
    const job = await settled(res.json<ImportJob>().id);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/header line lacks/);
  });

  it('fails a CSV kind with a bad line, with its reason in the report, writing nothing', async () => {
    const csv =
      'contract_id,holder_npn,contact_name,record_type,carrier,status,writing_number,upline_contract_id,hierarchy_report_id\nnot-an-id,,X,Person Account,Humana,Active,W1,,\n';
    const job = await settled((await start('contracts', csv, tokens.admin)).json<ImportJob>().id);
    expect(job).toMatchObject({ status: 'failed', rowsRead: 1, rowsRejected: 1, hasReport: true });
    const report = await get(`/arc/staff/import-jobs/${job.id}/report`);
    expect(report.body.split('\n')[1]).toMatch(/^2,contract_id/);
    // the content column holds the line as it stands in the file, so the rejects can be corrected and sent again
    const lines = [];
    for await (const line of readCsvLines(Readable.from([report.body])).lines)
      lines.push('fields' in line ? line.fields : []);
    expect(lines[1]).toEqual([
      '2',
      expect.stringMatching(/^contract_id/),
      'not-an-id,,X,Person Account,Humana,Active,W1,,',
    ]);
  });

  it('refuses an empty file and a landscape without its year', async () => {
    expect((await start('t65', '', tokens.admin)).statusCode).toBe(400);
    expect((await start('landscape', 'a,b\n', tokens.admin)).statusCode).toBe(400);
    expect((await start('other', 'a,b\n', tokens.admin)).statusCode).toBe(400);
  });

  it('is for admin and operations only', async () => {
    const csv = `${T65_HEADER}\n${t65Line(1)}\n`;
    expect((await start('t65', csv, null)).statusCode).toBe(401);
    expect((await start('t65', csv, tokens.content)).statusCode).toBe(403);
    expect((await start('t65', csv, tokens.support)).statusCode).toBe(403);
    expect((await start('t65', csv, agent.token)).statusCode).toBe(403);
    expect((await get('/arc/staff/import-jobs', null)).statusCode).toBe(401);
    expect((await get('/arc/staff/import-jobs', tokens.content)).statusCode).toBe(403);
    expect((await get('/arc/staff/import-jobs/nope')).statusCode).toBe(404);
    expect((await get('/arc/staff/import-jobs/nope/report')).statusCode).toBe(404);
  });
});

import type { ImportJob } from '@arc/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { loadOrCreateProviderSecrets } from '../identity/keys.ts';
import type { TestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';
import { prepareServer, type PreparedServer } from '../test/prepared-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { insertStaff, mintStaffToken } from '../test/staff.ts';
import { bearer } from '../test/tokens.ts';

/**
 * A T65 import job whose replica is killed (SIGKILL) in the middle of the load: after a restart pg-boss hands the
 * job to the new process once the dead one's heartbeat lapses, the job runs again from the start, and the list
 * is complete exactly once (every row, once; the cut run's work tables gone; one apply in the audit log).
 */
const ROWS = 150_000;
const HEADER = 't65,prefix,first_name,middle,last_name,address1,address2,city,state,zip,county,phone,ncoa_date';
function* t65File(): Generator<Uint8Array> {
  yield Buffer.from(`${HEADER}\n`);
  let lines: string[] = [];
  for (let n = 0; n < ROWS; n += 1) {
    lines.push(
      `2027-0${1 + (n % 9)}-1${n % 10},Ms.,First${n},,Last${n},${n} Lake St,,Madison,WI,53703,55025,,2026-11-01`,
    );
    if (lines.length === 5000) {
      yield Buffer.from(`${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length) yield Buffer.from(`${lines.join('\n')}\n`);
}

let prepared: PreparedServer | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  await prepared?.cleanup();
});

async function jobOf(url: string, token: string, id: string): Promise<ImportJob> {
  const res = await fetch(`${url}/arc/staff/import-jobs/${id}`, { headers: bearer(token) });
  return (await res.json()) as ImportJob;
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server?.output.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an import job whose replica is killed', () => {
  it('runs again after the restart and loads the list exactly once', { timeout: 240_000 }, async () => {
    prepared = await prepareServer();
    const database = await prepared.reopen();
    const config = loadConfig(prepared.env);
    const fake = { database, config, app: { deps: { secrets: await loadOrCreateProviderSecrets(database.db) } } };
    const { token } = await mintStaffToken(fake as unknown as TestApp, await insertStaff(fake as unknown as TestApp));
    await database.close();

    server = await startServerProcess(prepared.env);
    const body = multipart([{ name: 'file', filename: 't65.csv', contentType: 'text/csv', body: t65File() }]);
    const started = await fetch(`${server.url}/arc/staff/import-jobs/start/t65`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': body.contentType },
      body: body.buffer(),
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as ImportJob;

    // mid-run: the job is running and has read part of the file
    const midway = await until('the job to be midway', 60_000, async () => {
      const job = await jobOf(server!.url, token, id);
      return job.status === 'running' && job.rowsRead > 0 && job.bytesRead < job.fileBytes ? job : undefined;
    });
    expect(midway.rowsRead).toBeLessThan(ROWS);
    server.kill('SIGKILL');
    await server.exited;

    server = await startServerProcess(prepared.env);
    const done = await until('the job to be run again', 120_000, async () => {
      const job = await jobOf(server!.url, token, id);
      return job.status === 'done' || job.status === 'failed' ? job : undefined;
    });
    expect(done).toMatchObject({ status: 'done', rowsRead: ROWS, rowsRejected: 0, bytesRead: done.fileBytes });
    server.kill('SIGTERM');
    await server.exited;
    server = undefined;

    const after = await prepared.reopen();
    try {
      const count = async (query: ReturnType<typeof sql>) =>
        Number(((await after.db.execute(query)).rows[0] as { n: string | number }).n);
      expect(await count(sql`select count(*) as n from t65_prospects`)).toBe(ROWS);
      expect(await count(sql`select count(distinct first_name) as n from t65_prospects`)).toBe(ROWS);
      expect(await count(sql`select total as n from t65_list_info`)).toBe(ROWS);
      expect(await count(sql`select attempts as n from import_jobs where id = ${id}`)).toBe(2);
      expect(
        await count(
          sql`select count(*) as n from pg_tables where tablename ~ '^t65_prospects_(load|staging|retired)_'`,
        ),
      ).toBe(0);
      expect(
        await count(
          sql`select count(*) as n from audit_log where action = 'prospects.imported' and detail->>'jobId' = ${id}`,
        ),
      ).toBe(1);
    } finally {
      await after.close();
    }
  });
});

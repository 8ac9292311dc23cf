import { STAFF_JOBS_MESSAGES, type StaffJobKind, type StaffJobList, type StaffRole } from '@arc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOBS_SCHEMA } from '../../platform/jobs.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertStaff, mintStaffToken } from '../../test/staff.ts';
import { bearer } from '../../test/tokens.ts';

let t: TestApp;
const tokens = {} as Record<StaffRole, string>;

/** Every recurring job, each once: what used to be a timer on every replica. */
const SCHEDULED = [
  'account-link-purge',
  'audit-retention-purge',
  'email-change-purge',
  'enrollment-pended-digest',
  'identity-purge',
  'soa-retention-purge',
  'supply-idempotency-key-purge',
  'telemetry-retention-purge',
  'upload-quota-purge',
];
/** The kinds run for the jobs the app adds. */
const QUEUED = [
  'account-link-email',
  'enrollment-pended-digest-mail',
  'import-jobs',
  'terms-reminder-notices',
  'terms-updated-notices',
];

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'operations', 'content', 'support'] as const) {
    tokens[role] = (await mintStaffToken(t, await insertStaff(t, { role, email: `${role}.jobs@provider.test` }))).token;
  }
});
afterAll(async () => {
  await t?.close();
});

const list = async (role: StaffRole = 'admin') =>
  t.app.inject({ method: 'GET', url: '/arc/staff/jobs', headers: bearer(tokens[role]) });
const retry = (name: string, role: StaffRole = 'admin') =>
  t.app.inject({ method: 'POST', url: `/arc/staff/jobs/${name}/retry`, headers: bearer(tokens[role]) });
const kind = async (name: string): Promise<StaffJobKind> => {
  const found = (await list()).json<StaffJobList>().kinds.find((k) => k.name === name);
  if (!found) throw new Error(`no job kind ${name}`);
  return found;
};

async function scheduleRows(): Promise<{ name: string; count: number }[]> {
  const { rows } = await t.database.db.execute(
    sql.raw(`select name, count(*) as count from ${JOBS_SCHEMA}.schedule group by name order by name`),
  );
  return (rows as { name: string; count: string | number }[]).map((row) => ({
    name: row.name,
    count: Number(row.count),
  }));
}

describe('/arc/staff/jobs', () => {
  it('declares each schedule once, however many replicas start on the database', async () => {
    const second = await createTestApp({ databaseOf: t });
    try {
      expect(await scheduleRows()).toEqual(SCHEDULED.map((name) => ({ name, count: 1 })));
      expect(second.app.jobs.kinds().sort()).toEqual([...SCHEDULED, ...QUEUED].sort());
    } finally {
      await second.close();
    }
  });

  it('lists every kind with its schedule and next run; kinds run for added jobs have neither', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { kinds } = res.json<StaffJobList>();
    expect(kinds.map((k) => k.name).sort()).toEqual([...SCHEDULED, ...QUEUED].sort());
    const purge = kinds.find((k) => k.name === 'identity-purge')!;
    expect(purge).toMatchObject({
      label: 'Sign-in session purge',
      schedule: { cron: '*/10 * * * *', description: 'Every 10 minutes', timeZone: 'UTC' },
      failures: 0,
    });
    const next = new Date(purge.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(next.getUTCMinutes() % 10).toBe(0);
    expect(kinds.find((k) => k.name === 'import-jobs')).toMatchObject({ schedule: null, nextRunAt: null });
  });

  it("shows a run's last run and failure, and a retry queues the failed run again", async () => {
    let runs = 0;
    await t.app.jobs.schedule(
      'test-flaky-purge',
      { cron: '0 0 1 1 *', description: 'Yearly' },
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('the disk is full');
      },
      { label: 'Flaky purge', retries: 0 },
    );
    // nothing failed yet: a schedule runs at once
    const started = await retry('test-flaky-purge');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ outcome: 'started' });
    const failed = await vi.waitFor(
      async () => {
        const k = await kind('test-flaky-purge');
        if (!k.lastRun) throw new Error('not run yet');
        return k;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(failed).toMatchObject({
      lastRun: { ok: false },
      lastFailure: { message: 'the disk is full' },
      failures: 1,
    });

    const retried = await retry('test-flaky-purge');
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ outcome: 'retried', jobId: started.json<{ jobId: string }>().jobId });
    const ok = await vi.waitFor(
      async () => {
        const k = await kind('test-flaky-purge');
        if (!k.lastRun?.ok) throw new Error('not run again yet');
        return k;
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(runs).toBe(2);
    // the failed run is the one that ran again: no failure is left
    expect(ok).toMatchObject({ failures: 0, lastFailure: null, queued: 0, running: 0 });
  });

  it('answers 409 for a kind run only for added jobs with nothing failed, 404 for an unknown one, 400 for a bad name', async () => {
    const none = await retry('import-jobs');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: STAFF_JOBS_MESSAGES.nothingToRetry });
    const unknown = await retry('no-such-kind');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: STAFF_JOBS_MESSAGES.notFound });
    expect((await retry('Not_A_Kind')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const role of ['operations', 'content', 'support'] as const) {
      expect((await list(role)).statusCode).toBe(403);
      expect((await retry('identity-purge', role)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/arc/staff/jobs' })).statusCode).toBe(401);
  });
});

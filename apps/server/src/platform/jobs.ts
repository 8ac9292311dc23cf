import type { PGlite } from '@electric-sql/pglite';
import { fromPglite, PgBoss, type ConstructorOptions } from 'pg-boss';

type IDatabase = NonNullable<ConstructorOptions['db']>;

interface LoggerLike {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

/**
 * pg-boss's own schema in the app's database: its tables never mix with the app's (docs/decisions/imports-and-jobs.md).
 */
export const JOBS_SCHEMA = 'pgboss';

/**
 * A job's worker must show it is alive this often (pg-boss heartbeats); a job whose replica died (SIGKILL, a lost
 * machine) is handed to a replica again once this has passed without one. pg-boss's minimum is 10 s.
 */
const HEARTBEAT_SECONDS = 10;
/** How often a replica looks for jobs whose heartbeat stopped (pg-boss's supervision). */
const SUPERVISE_SECONDS = 5;
/** How often an idle worker looks for a job (LISTEN/NOTIFY wakes it sooner where available). */
const POLL_SECONDS = 2;
/** A run may take this long before pg-boss counts it as failed: a national T65 list on PostgreSQL takes minutes. */
const EXPIRE_SECONDS = 6 * 60 * 60;
/** Runs cut by a dying replica are begun again this often before the job stays failed. */
const RETRIES = 5;

export interface JobsOptions {
  /** PostgreSQL: pg-boss opens a small pool of its own on it */
  databaseUrl?: string | undefined;
  /** the embedded database: pg-boss runs in-process on its one connection */
  pglite?: PGlite | undefined;
  /**
   * Whether this process sends the schedules' jobs when they come due (pg-boss's timekeeper; every replica may, and
   * each occurrence is sent once). Off, the schedules are still declared and their jobs still run when sent.
   */
  runSchedules: boolean;
  log: LoggerLike;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

/** When a scheduled kind runs: a cron expression (pg-boss's granularity is a minute) in a time zone. */
export interface JobSchedule {
  /** five fields, minute first */
  cron: string;
  /** the zone the expression is read in (default UTC) */
  timeZone?: string;
  /** what an admin reads on /staff/jobs: "Every 10 minutes" */
  description: string;
  /**
   * An occurrence missed while no replica ran (a deploy, an outage): `once` runs it when one is back (the weekly
   * digest), `skip` waits for the next one (a purge).
   */
  missed?: 'skip' | 'once';
}

export interface JobKindOptions {
  /** what an admin reads on /staff/jobs */
  label: string;
  /** runs cut or failed are begun again this often before the job stays failed (default RETRIES) */
  retries?: number;
}

/** A job kind as /staff/jobs shows it. */
export interface JobKindStatus {
  name: string;
  label: string;
  schedule: { description: string; cron: string; timeZone: string } | null;
  nextRunAt: Date | null;
  lastRun: { at: Date; ok: boolean } | null;
  lastFailure: { at: Date; message: string } | null;
  /** failed runs pg-boss still keeps (its retention: a week) */
  failures: number;
  queued: number;
  running: number;
}

/** What a retry did: a failed run queued again, or (none failed) a schedule's job sent at once. */
export type JobRetry = { kind: 'retried' | 'started'; jobId: string };

/**
 * The background jobs (docs/decisions/imports-and-jobs.md): pg-boss on the app's database, with PostgreSQL shared by every replica, so a
 * job is run by exactly one of them and a job whose replica died is run again by another after the heartbeat
 * lapses. On the embedded database it runs in-process on PGlite's one connection. The one mechanism for work off a
 * request: `queue` declares a kind run for the jobs `send` adds (an import, the e-mails of a publish), `schedule`
 * one run on a cron schedule (the purges, the weekly digest; each occurrence is sent once across the replicas).
 * `overview` and `retry` are /staff/jobs's; `stop` waits for the runs in progress.
 */
export interface Jobs {
  queue<T extends object>(name: string, handler: JobHandler<T>, options: JobKindOptions): Promise<void>;
  schedule(name: string, schedule: JobSchedule, handler: () => Promise<void>, options: JobKindOptions): Promise<void>;
  /** a schedule no longer wanted (its setting turned it off): removed, so no replica sends it */
  unschedule(name: string): Promise<void>;
  send(name: string, data: object): Promise<string>;
  /** several jobs of one kind in one statement: all are queued or none */
  sendMany(name: string, data: readonly object[]): Promise<void>;
  /** the declared kinds' names, in the order declared */
  kinds(): string[];
  overview(): Promise<JobKindStatus[]>;
  /** undefined: the kind is unknown, or it has no failed run and no schedule */
  retry(name: string): Promise<JobRetry | undefined>;
  stop(): Promise<void>;
}

/** A scheduled kind fails for good sooner: its next occurrence runs it again anyway. */
const SCHEDULE_RETRIES = 2;
/** How often an idle scheduled kind's worker looks for a job; a run started on /staff/jobs wakes it at once. */
const SCHEDULE_POLL_SECONDS = 10;

interface Kind {
  label: string;
  schedule: JobSchedule | null;
  workerId: string;
}

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const common = {
    schema: JOBS_SCHEMA,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    schedule: options.runSchedules,
  } as const;
  const boss = options.pglite
    ? new PgBoss({ ...common, db: serialisedPglite(options.pglite), backend: 'pglite' })
    : new PgBoss({ ...common, connectionString: options.databaseUrl!, max: 3 });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  await boss.start();
  const kinds = new Map<string, Kind>();
  let stopped = false;

  async function declare<T extends object>(
    name: string,
    handler: JobHandler<T>,
    kind: { options: JobKindOptions; schedule: JobSchedule | null },
  ): Promise<void> {
    if (kinds.has(name)) throw new Error(`the job kind ${name} is declared twice`);
    const retries = kind.options.retries ?? (kind.schedule ? SCHEDULE_RETRIES : RETRIES);
    await boss.createQueue(name, {
      // a scheduled kind runs one job at a time across the replicas (a slow purge and the next occurrence's never
      // overlap); the next waits its turn
      ...(kind.schedule ? { policy: 'singleton' } : {}),
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: EXPIRE_SECONDS,
      retryLimit: retries,
      retryDelay: 1,
    });
    const pollingIntervalSeconds = kind.schedule ? SCHEDULE_POLL_SECONDS : POLL_SECONDS;
    const workerId = await boss.work<T>(name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) await handler(job.data, { id: job.id, retryCount: job.retryCount });
    });
    kinds.set(name, { label: kind.options.label, schedule: kind.schedule, workerId });
  }

  async function sendNow(name: string, data: object): Promise<string> {
    const id = await boss.send(name, data);
    if (!id) throw new Error(`the job queue did not take a job of ${name}`);
    const kind = kinds.get(name);
    if (kind) boss.notifyWorker(kind.workerId);
    return id;
  }

  return {
    queue: (name, handler, kindOptions) => declare(name, handler, { options: kindOptions, schedule: null }),
    async schedule(name, schedule, handler, kindOptions) {
      await declare(name, () => handler(), { options: kindOptions, schedule });
      // keyed by the name: every replica's start writes the same one row (declared again, it is updated)
      await boss.schedule(name, schedule.cron, null, {
        tz: schedule.timeZone ?? 'UTC',
        missed: schedule.missed ?? 'skip',
      });
    },
    async unschedule(name) {
      await boss.unschedule(name);
    },
    send: sendNow,
    async sendMany(name, data) {
      if (data.length === 0) return;
      await boss.insert(
        name,
        data.map((item) => ({ data: item })),
      );
      const kind = kinds.get(name);
      if (kind) boss.notifyWorker(kind.workerId);
    },
    kinds: () => [...kinds.keys()],
    async overview() {
      const names = [...kinds.keys()];
      const { rows } = await boss.getDb().executeSql(overviewSql, [names]);
      const byName = new Map((rows as OverviewRow[]).map((row) => [row.name, row]));
      return names.map((name) => {
        const kind = kinds.get(name)!;
        const row = byName.get(name);
        const lastFailure = row?.failed_at
          ? { at: new Date(row.failed_at), message: failureMessage(row.failed_output) }
          : null;
        return {
          name,
          label: kind.label,
          schedule: kind.schedule && {
            description: kind.schedule.description,
            cron: kind.schedule.cron,
            timeZone: kind.schedule.timeZone ?? 'UTC',
          },
          nextRunAt: kind.schedule
            ? (boss.previewSchedule(kind.schedule.cron, { tz: kind.schedule.timeZone ?? 'UTC', count: 1 })[0] ?? null)
            : null,
          lastRun: row?.last_at ? { at: new Date(row.last_at), ok: row.last_state === 'completed' } : null,
          lastFailure,
          failures: Number(row?.failures ?? 0),
          queued: Number(row?.queued ?? 0),
          running: Number(row?.running ?? 0),
        };
      });
    },
    async retry(name) {
      const kind = kinds.get(name);
      if (!kind) return undefined;
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select id from ${JOBS_SCHEMA}.job where name = $1 and state = 'failed' order by completed_on desc limit 1`,
          [name],
        );
      const failed = (rows as { id: string }[])[0];
      if (failed) {
        await boss.retry(name, failed.id);
        boss.notifyWorker(kind.workerId);
        return { kind: 'retried', jobId: failed.id };
      }
      if (!kind.schedule) return undefined;
      return { kind: 'started', jobId: await sendNow(name, {}) };
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // graceful: waits for the runs in progress (a run cut by the grace period is run again after a restart)
      await boss.stop({ graceful: true, close: true, timeout: 30_000 });
    },
  };
}

interface OverviewRow {
  name: string;
  last_at: string | Date | null;
  last_state: string | null;
  failed_at: string | Date | null;
  failed_output: unknown;
  failures: string | number;
  queued: string | number;
  running: string | number;
}

/** Per kind: its last finished run, its last failure (with pg-boss's serialised error) and its counts. */
const overviewSql = `
  select k.name, last.completed_on as last_at, last.state as last_state,
         failed.completed_on as failed_at, failed.output as failed_output,
         counts.failures, counts.queued, counts.running
  from unnest($1::text[]) as k(name)
  left join lateral (
    select completed_on, state::text from ${JOBS_SCHEMA}.job
    where name = k.name and state in ('completed', 'failed') order by completed_on desc limit 1
  ) last on true
  left join lateral (
    select completed_on, output from ${JOBS_SCHEMA}.job
    where name = k.name and state = 'failed' order by completed_on desc limit 1
  ) failed on true
  left join lateral (
    select count(*) filter (where state = 'failed') as failures,
           count(*) filter (where state in ('created', 'retry')) as queued,
           count(*) filter (where state = 'active') as running
    from ${JOBS_SCHEMA}.job where name = k.name
  ) counts on true
  order by k.name`;

/** pg-boss keeps a failed run's error as `{ name, message, stack }`: the message only (no stack on a page). */
function failureMessage(output: unknown): string {
  const value = typeof output === 'string' ? (JSON.parse(output) as unknown) : output;
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
    return value.message.slice(0, 500);
  }
  return 'The run failed';
}

/**
 * PGlite is one connection. Its `query` and `exec` each hold its transaction lock, and the app's transactions hold
 * it throughout, so a pg-boss statement never lands inside one of the app's transactions. pg-boss also sends
 * blocks of several statements (`BEGIN; … COMMIT;`, its migrations) without parameters; run through PGlite's
 * `transaction`, the lock is held until the block has committed or, when it failed, been rolled back, so an app
 * query never runs on a connection left inside pg-boss's aborted block (pg-boss's own adapter rolls back in a
 * second call, after the lock was released).
 */
function serialisedPglite(pglite: PGlite): IDatabase {
  const adapter = fromPglite(pglite);
  return {
    ...adapter,
    async executeSql(text: string, values?: unknown[]) {
      if (values?.length) return adapter.executeSql(text, values);
      return pglite.transaction(async (tx) => {
        const results = await tx.exec(text);
        return { rows: results.flatMap((r) => r.rows ?? []) };
      });
    },
  };
}

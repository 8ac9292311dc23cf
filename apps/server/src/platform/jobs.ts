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
  log: LoggerLike;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

/**
 * The background jobs (docs/decisions/imports-and-jobs.md): pg-boss on the app's database, with PostgreSQL shared by
 * every replica, so a job is run by exactly one of them and a job whose replica died is run again by another after the
 * heartbeat lapses. On the embedded database it runs in-process on PGlite's one connection. One mechanism for callers:
 * `queue` declares a queue and starts its worker here, `send` adds a job; `stop` waits for the runs in progress.
 */
export interface Jobs {
  queue<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  send(name: string, data: object): Promise<string>;
  stop(): Promise<void>;
}

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const common = {
    schema: JOBS_SCHEMA,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    // no cron schedules are used; the timekeeper would only poll for them
    schedule: false,
  } as const;
  const boss = options.pglite
    ? new PgBoss({ ...common, db: serialisedPglite(options.pglite), backend: 'pglite' })
    : new PgBoss({ ...common, connectionString: options.databaseUrl!, max: 3 });
  boss.on('error', (err) => options.log.error({ err }, 'job queue error'));
  await boss.start();
  let stopped = false;
  return {
    async queue<T extends object>(name: string, handler: JobHandler<T>) {
      await boss.createQueue(name, {
        heartbeatSeconds: HEARTBEAT_SECONDS,
        expireInSeconds: EXPIRE_SECONDS,
        retryLimit: RETRIES,
        retryDelay: 1,
      });
      await boss.work<T>(name, { pollingIntervalSeconds: POLL_SECONDS, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data, { id: job.id, retryCount: job.retryCount });
      });
    },
    async send(name, data) {
      const id = await boss.send(name, data);
      if (!id) throw new Error(`the job queue did not take a job of ${name}`);
      return id;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // graceful: waits for the runs in progress (a run cut by the grace period is run again after a restart)
      await boss.stop({ graceful: true, close: true, timeout: 30_000 });
    },
  };
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

import type { FastifyInstance } from 'fastify';
import { raiseNotification } from '../notifications/service.ts';
import { IMPORT_JOB_QUEUE, runImportJob, type ImportJobData, type ImportJobsDeps } from './service.ts';

/** The imports' job (decision 106): every replica runs the worker; pg-boss hands each job to one. */
export async function importJobsJobs(app: FastifyInstance): Promise<void> {
  const { clock, mailer, config, storage } = app.deps;
  const deps: ImportJobsDeps = {
    db: app.db,
    clock,
    storage,
    // an applied Ready-to-Sell or certifications file notifies the agents it changed
    notify: (input) => raiseNotification({ db: app.db, clock, mailer, config, bus: app.notificationBus }, input),
    log: app.log,
  };
  await app.jobs.queue<ImportJobData>(
    IMPORT_JOB_QUEUE,
    async ({ jobId }) => {
      app.log.info({ jobId }, 'import job running');
      await runImportJob(deps, jobId);
      app.log.info({ jobId }, 'import job ended');
    },
    { label: 'Import file' },
  );
}

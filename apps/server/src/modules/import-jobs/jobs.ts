import type { FastifyInstance } from 'fastify';
import { IMPORT_JOB_QUEUE, runImportJob, type ImportJobData, type ImportJobsDeps } from './service.ts';

/** The imports' job (decision 106): every replica runs the worker; pg-boss hands each job to one. */
export async function importJobsJobs(app: FastifyInstance): Promise<void> {
  const deps: ImportJobsDeps = { db: app.db, clock: app.deps.clock, storage: app.deps.storage };
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

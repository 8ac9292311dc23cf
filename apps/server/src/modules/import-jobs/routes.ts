import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { receiveImport } from '../../platform/import-upload.ts';
import { addRoute } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import {
  getImportJob,
  IMPORT_JOB_QUEUE,
  importJobReport,
  listImportJobs,
  startImportJob,
  type ImportJobsDeps,
} from './service.ts';

/**
 * Imports as background jobs (docs/decisions/imports-and-jobs.md): start one (the upload streams to the file store), list them, read
 * one, download its rejected lines. Every replica runs the job queue's worker (./jobs.ts); pg-boss hands each job to
 * one.
 */
export async function importJobsRoutes(app: FastifyInstance): Promise<void> {
  const deps: ImportJobsDeps = { db: app.db, clock: app.deps.clock, storage: app.deps.storage };
  await app.register(multipart, {
    limits: { fileSize: contract.IMPORT_JOB_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  addRoute(app, contract.startImportJob, async (request, reply) => {
    const { kind } = request.params;
    const year = request.query.year ? Number(request.query.year) : null;
    if (kind === 'landscape' && !year) throw new AppError('BAD_REQUEST', 'A landscape import needs ?year=');
    const job = await receiveImport(request, reply, {
      field: contract.IMPORT_JOB_UPLOAD_FIELD,
      maxBytes: contract.IMPORT_JOB_MAX_BYTES,
      what: 'the import file',
      run: (file, { fileName }) =>
        startImportJob(
          { ...deps, send: (data) => app.jobs.send(IMPORT_JOB_QUEUE, data) },
          { kind, fileName, file, year, staffId: request.staff.id, ip: request.ip },
        ),
    });
    return reply.code(202).send(job);
  });

  addRoute(app, contract.listImportJobs, async () => ({
    jobs: await listImportJobs(deps, contract.IMPORT_JOBS_LISTED),
  }));

  addRoute(app, contract.getImportJob, async (request) => getImportJob(deps, request.params.id));

  addRoute(app, contract.downloadImportJobReport, async (request, reply) => {
    const report = await importJobReport(deps, request.params.id);
    return sendFile(reply, { stream: report.body, name: report.name, contentType: 'text/csv; charset=utf-8' });
  });
}

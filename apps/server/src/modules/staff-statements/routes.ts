import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { importStatus, receiveImport } from '../../platform/import-upload.ts';
import { addRoute } from '../../platform/routes.ts';
import { raiseNotification } from '../notifications/service.ts';
import { publishCommissionStatements, type StaffStatementsDeps } from './service.ts';

/**
 * Commission statements published from the back office (issue 33, docs/decisions/imports-and-jobs.md): a multipart
 * upload of one CSV file, answered with the import report and the period's summary (200; 422 when a line is rejected
 * and nothing was written). Roles on the contract entry (`admin`, `operations`).
 */
export async function staffStatementsRoutes(app: FastifyInstance): Promise<void> {
  const { clock, mailer, config } = app.deps;
  const deps: StaffStatementsDeps = {
    db: app.db,
    clock,
    notify: async (input) => {
      await raiseNotification({ db: app.db, clock, mailer, config, bus: app.notificationBus }, input);
    },
    log: app.log,
  };

  await app.register(multipart, {
    limits: { fileSize: contract.STATEMENT_IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  addRoute(app, contract.publishCommissionStatements, async (request, reply) => {
    const report = await receiveImport(request, reply, {
      field: contract.STATEMENT_UPLOAD_FIELD,
      maxBytes: contract.STATEMENT_IMPORT_MAX_BYTES,
      what: 'the statement file',
      run: (file) =>
        publishCommissionStatements(deps, file, {
          dryRun: request.query.dryRun === 'true',
          staffId: request.staff.id,
          ip: request.ip,
          source: 'upload',
        }),
    });
    return reply.code(importStatus(report)).send(report);
  });
}

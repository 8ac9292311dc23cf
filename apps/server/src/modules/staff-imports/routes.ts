import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { importStatus, receiveImport } from '../../platform/import-upload.ts';
import { addRoute } from '../../platform/routes.ts';
import { raiseNotification } from '../notifications/service.ts';
import { importCertifications, importContracts, importReadyToSell, type StaffImportsDeps } from './service.ts';

const kind = (name: contract.ImportKind) => contract.IMPORT_KINDS.find((k) => k.kind === name)!;

/**
 * The imports of contracts, certifications and Ready-to-Sell rows (issue 31, docs/decisions/imports-and-jobs.md):
 * multipart uploads of one CSV file each, answered with the import report (200; 422 when a line is rejected and nothing
 * was written). Roles on each contract entry (`admin`, `operations`).
 */
export async function staffImportsRoutes(app: FastifyInstance): Promise<void> {
  const { clock, mailer, config } = app.deps;
  const deps: StaffImportsDeps = {
    db: app.db,
    clock,
    notify: (input) => raiseNotification({ db: app.db, clock, mailer, config, bus: app.notificationBus }, input),
    log: app.log,
  };

  // only this plugin's routes parse multipart; each call caps its file at its kind's size
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(...contract.IMPORT_KINDS.map((k) => k.maxBytes)),
      files: 1,
      fields: 0,
      parts: 1,
      headerPairs: 20,
    },
  });

  const routes = [
    { entry: contract.importContracts, kind: kind('contracts'), what: 'the contracts file', run: importContracts },
    {
      entry: contract.importCertifications,
      kind: kind('certifications'),
      what: 'the certifications file',
      run: importCertifications,
    },
    {
      entry: contract.importReadyToSell,
      kind: kind('ready-to-sell'),
      what: 'the Ready-to-Sell file',
      run: importReadyToSell,
    },
  ];
  for (const {
    entry,
    kind: { uploadField, maxBytes },
    what,
    run,
  } of routes) {
    addRoute(app, entry, async (request, reply) => {
      const report = await receiveImport(request, reply, {
        field: uploadField,
        maxBytes,
        what,
        run: (file) =>
          run(deps, file, {
            dryRun: request.query.dryRun === 'true',
            staffId: request.staff.id,
            ip: request.ip,
            source: 'upload',
          }),
      });
      return reply.code(importStatus(report)).send(report);
    });
  }
}

import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { sendXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import { TERMS_NOTICES_JOB, TERMS_REMINDERS_JOB } from './jobs.ts';
import type { AcceptanceRow } from './queries.ts';
import {
  acceptancesForExport,
  agentName,
  createDraft,
  editDraft,
  getVersion,
  listAcceptances,
  listNotAccepted,
  listVersions,
  notAcceptedForExport,
  publishVersion,
  remindNotAccepted,
  type NotAcceptedExportRow,
  type StaffActor,
  type StaffTermsDeps,
} from './service.ts';

/** contract.TERMS_ACCEPTANCES_EXPORT_COLUMNS, in order */
const EXPORT_COLUMNS: XlsxColumn<AcceptanceRow>[] = [
  { header: 'NPN', value: (row) => row.npn, width: 12 },
  { header: 'Agent', value: agentName, width: 28 },
  { header: 'Version', value: (row) => row.version, width: 10 },
  { header: 'Accepted', value: (row) => row.acceptedAt, width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
];

/** contract.TERMS_NOT_ACCEPTED_EXPORT_COLUMNS, in order */
const NOT_ACCEPTED_COLUMNS: XlsxColumn<NotAcceptedExportRow>[] = [
  { header: 'NPN', value: (row) => row.npn, width: 12 },
  { header: 'Agent', value: agentName, width: 28 },
  { header: 'E-mail', value: (row) => row.email, width: 32 },
  { header: 'Last sign-in', value: (row) => row.lastSignInAt, width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
  { header: 'Last reminded', value: (row) => row.remindedAt, width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
];

/**
 * Terms versions in the back office (issue 33, docs/decisions/terms.md; roles on each contract entry,
 * docs/decisions/route-access.md).
 */
export async function staffTermsRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffTermsDeps = {
    db: app.db,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    config: app.deps.config,
    bus: app.notificationBus,
    currentTerms: app.currentTerms,
    queueNotices: async (notices) => {
      await app.jobs.send(TERMS_NOTICES_JOB, notices);
    },
    queueReminders: async (reminders) => {
      await app.jobs.send(TERMS_REMINDERS_JOB, reminders);
    },
  };
  const actor = (request: FastifyRequest): StaffActor => ({ staff: request.staff, ip: request.ip });

  addRoute(app, contract.listStaffTermsVersions, async () => ({ versions: await listVersions(deps) }));

  addRoute(app, contract.getStaffTermsVersion, async (request) => getVersion(deps, request.params.id));

  addRoute(app, contract.createStaffTermsDraft, async (request) => createDraft(deps, actor(request), request.body));

  addRoute(app, contract.updateStaffTermsDraft, async (request) =>
    editDraft(deps, actor(request), request.params.id, request.body),
  );

  addRoute(app, contract.publishStaffTermsVersion, async (request) =>
    publishVersion(deps, actor(request), request.params.id, request.body),
  );

  addRoute(app, contract.listTermsAcceptances, async (request) => listAcceptances(deps, request.query));

  addRoute(app, contract.exportTermsAcceptances, async (request, reply) => {
    const { version } = request.query;
    return sendXlsx(reply, {
      fileName: contract.termsAcceptancesFileName(version),
      sheetName: 'Terms acceptances',
      columns: EXPORT_COLUMNS,
      rows: await acceptancesForExport(deps, actor(request), version),
    });
  });

  addRoute(app, contract.listTermsNotAccepted, async (request) => listNotAccepted(deps, request.query));

  addRoute(app, contract.exportTermsNotAccepted, async (request, reply) => {
    const { version, rows } = await notAcceptedForExport(deps, actor(request), request.query.q);
    return sendXlsx(reply, {
      fileName: contract.termsNotAcceptedFileName(version),
      sheetName: 'Not accepted',
      columns: NOT_ACCEPTED_COLUMNS,
      rows,
    });
  });

  addRoute(app, contract.remindTermsNotAccepted, async (request) =>
    remindNotAccepted(deps, actor(request), request.body),
  );
}

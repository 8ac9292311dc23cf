import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import { sendXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  actOnEnrollment,
  assignEnrollments,
  exportEnrollments,
  getEnrollment,
  listEnrollmentPlans,
  listEnrollments,
  openEnrollmentFile,
  updateEnrollmentData,
  type StaffActor,
  type StaffEnrollmentsDeps,
} from './service.ts';

type ExportColumnName = (typeof contract.STAFF_ENROLLMENTS_EXPORT_COLUMNS)[number];
const EXPORT_VALUES: Record<ExportColumnName, XlsxColumn<contract.StaffEnrollmentRow>> = {
  Id: { header: 'Id', value: (row) => row.id, width: 26 },
  Status: { header: 'Status', value: (row) => contract.ENROLLMENT_STATUS_LABELS[row.status] },
  Reason: { header: 'Reason', value: (row) => row.reason, width: 40 },
  Received: { header: 'Received', value: (row) => row.receivedAt, numFmt: 'yyyy-mm-dd hh:mm', width: 18 },
  'Agent NPN': { header: 'Agent NPN', value: (row) => row.agent.npn, width: 12 },
  Agent: { header: 'Agent', value: (row) => `${row.agent.firstName} ${row.agent.lastName}`, width: 24 },
  'Client First': { header: 'Client First', value: (row) => row.client.firstName },
  'Client Last': { header: 'Client Last', value: (row) => row.client.lastName },
  State: { header: 'State', value: (row) => row.client.state, width: 8 },
  Carrier: { header: 'Carrier', value: (row) => row.carrier, width: 20 },
  Plan: { header: 'Plan', value: (row) => row.product, width: 32 },
  'Plan id': { header: 'Plan id', value: (row) => row.planId ?? null, width: 14 },
  'Product type': {
    header: 'Product type',
    value: (row) => (row.productType ? contract.SOA_PRODUCT_LABELS[row.productType] : null),
    width: 20,
  },
  Effective: { header: 'Effective', value: (row) => row.effectiveDate ?? null, width: 12 },
  'Application number': { header: 'Application number', value: (row) => row.applicationNumber ?? null, width: 20 },
  Type: { header: 'Type', value: (row) => contract.ENROLLMENT_MODE_LABELS[row.mode], width: 18 },
  File: { header: 'File', value: (row) => row.fileName, width: 28 },
  'Assigned to': { header: 'Assigned to', value: (row) => row.assignee?.name ?? null, width: 20 },
};
/** The export's columns, in the contract's order. */
const EXPORT_COLUMNS = contract.STAFF_ENROLLMENTS_EXPORT_COLUMNS.map((name) => EXPORT_VALUES[name]);

/**
 * The back office's enrollment queue (issue 32, docs/decisions/enrollments.md; roles on each contract entry,
 * docs/decisions/route-access.md).
 */
export async function staffEnrollmentsRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffEnrollmentsDeps = {
    db: app.db,
    clock: app.deps.clock,
    storage: app.deps.storage,
    timeZone: app.deps.config.businessTimeZone,
    mailer: app.deps.mailer,
    config: app.deps.config,
    bus: app.notificationBus,
  };
  const actor = (request: FastifyRequest): StaffActor => ({ staff: request.staff, ip: request.ip });

  addRoute(app, contract.listStaffEnrollments, async (request) => listEnrollments(deps, request.staff, request.query));

  addRoute(app, contract.assignStaffEnrollments, async (request) => ({
    enrollments: await assignEnrollments(deps, actor(request), request.body),
  }));

  addRoute(app, contract.exportStaffEnrollments, async (request, reply) => {
    const { day, rows } = await exportEnrollments(deps, actor(request), request.query);
    return sendXlsx(reply, {
      fileName: contract.staffEnrollmentsExportFileName(day),
      sheetName: 'Enrollments',
      columns: EXPORT_COLUMNS,
      rows,
    });
  });

  addRoute(app, contract.getStaffEnrollment, async (request) => getEnrollment(deps, request.params.id));

  addRoute(app, contract.getStaffEnrollmentFile, async (request, reply) => {
    const disposition = request.query.disposition ?? 'inline';
    const file = await openEnrollmentFile(deps, actor(request), request.params.id, disposition);
    return sendFile(reply, { ...file, contentType: 'application/pdf', disposition });
  });

  addRoute(app, contract.actOnStaffEnrollment, async (request) =>
    actOnEnrollment(deps, actor(request), request.params.id, request.body),
  );

  addRoute(app, contract.updateStaffEnrollmentData, async (request) =>
    updateEnrollmentData(deps, actor(request), request.params.id, request.body),
  );

  addRoute(app, contract.listStaffEnrollmentPlans, async (request) =>
    listEnrollmentPlans(deps, request.params.id, request.query.year),
  );
}

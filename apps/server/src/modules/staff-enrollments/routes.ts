import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import {
  actOnEnrollment,
  assignEnrollments,
  getEnrollment,
  listEnrollmentPlans,
  listEnrollments,
  openEnrollmentFile,
  updateEnrollmentData,
  type StaffActor,
  type StaffEnrollmentsDeps,
} from './service.ts';

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

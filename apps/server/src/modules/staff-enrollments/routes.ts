import * as contract from '@arc/contract';
import * as contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import {
  actOnEnrollment,
  assignEnrollments,
  getEnrollment,
  listEnrollments,
  openEnrollmentFile,
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
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(file.size))
      .header('content-disposition', contentDisposition.create(file.name, { type: disposition }))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    return reply.send(file.stream);
  });

  addRoute(app, contract.actOnStaffEnrollment, async (request) =>
    actOnEnrollment(deps, actor(request), request.params.id, request.body),
  );
}

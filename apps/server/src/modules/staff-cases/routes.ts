import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { workSla } from '../staff-work/service.ts';
import { actOnCase, assignCases, getCase, listCases, type StaffActor, type StaffCasesDeps } from './service.ts';

/**
 * The back office's member-support cases (issue 32, docs/decisions/cases.md; roles on each contract entry,
 * docs/decisions/route-access.md).
 */
export async function staffCasesRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffCasesDeps = {
    db: app.db,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    config: app.deps.config,
    bus: app.notificationBus,
    // the work dashboard's SLA for cases: the queue flags the Open cases past it
    slaHours: workSla(app.deps.config).casesHours,
  };
  const actor = (request: FastifyRequest): StaffActor => ({ staff: request.staff, ip: request.ip });

  addRoute(app, contract.listStaffCases, async (request) => listCases(deps, request.staff, request.query));

  addRoute(app, contract.assignStaffCases, async (request) => ({
    cases: await assignCases(deps, actor(request), request.body),
  }));

  addRoute(app, contract.getStaffCase, async (request) => getCase(deps, request.params.id));

  addRoute(app, contract.actOnStaffCase, async (request) =>
    actOnCase(deps, actor(request), request.params.id, request.body),
  );
}

import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { getWorkDashboard, workSla, type StaffWorkDeps } from './service.ts';

/** The back office's work dashboard (issue 47, docs/decisions/back-office.md). */
export async function staffWorkRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  const deps: StaffWorkDeps = {
    db: app.db,
    clock: app.deps.clock,
    timeZone: config.businessTimeZone,
    sla: workSla(config),
  };

  addRoute(app, contract.getWorkDashboard, async (request) => getWorkDashboard(deps, request.staff));
}

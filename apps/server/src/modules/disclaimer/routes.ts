import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { getTpmoDisclaimer, listDisclaimerYears, type DisclaimerDeps } from './service.ts';

export async function disclaimerRoutes(app: FastifyInstance): Promise<void> {
  const deps: DisclaimerDeps = { db: app.db, clock: app.deps.clock, timeZone: app.deps.config.businessTimeZone };
  addRoute(app, contract.getDisclaimerYears, async () => listDisclaimerYears(deps));
  addRoute(app, contract.getTpmoDisclaimer, async (request) => getTpmoDisclaimer(deps, request.agentId, request.query));
}

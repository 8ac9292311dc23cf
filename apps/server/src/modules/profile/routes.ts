import { acceptTerms as acceptTermsRoute, getUserInfo as getUserInfoRoute } from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { acceptTerms, getUserInfo, type ProfileDeps } from './service.ts';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const deps: ProfileDeps = { db: app.db, clock: app.deps.clock };

  addRoute(app, getUserInfoRoute, async (request) => ({ agent: await getUserInfo(deps, request.agentId) }));

  addRoute(app, acceptTermsRoute, async (request) => ({
    tos: await acceptTerms(deps, request.agentId, request.body.tosid),
  }));
}

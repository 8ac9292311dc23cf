import { getUserInfo as getUserInfoRoute } from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import type { SharedCache } from '../../platform/shared-cache.ts';
import { getUserInfoJson, type ProfileDeps } from './service.ts';

export interface ProfileRoutesOptions {
  /** user info by agent id; `app.userInfoChanged` (app.ts) drops an agent's entry on every replica */
  userInfoCache: SharedCache<string>;
}

export async function profileRoutes(app: FastifyInstance, options: ProfileRoutesOptions): Promise<void> {
  const deps: ProfileDeps = { db: app.db, clock: app.deps.clock, userCache: options.userInfoCache };

  // The calls the terms gate needs (this one and the terms module's two) answer before the current terms are accepted; every other agent call
  // answers 403 TERMS_NOT_ACCEPTED until then (../terms/terms-gate.ts).
  const beforeTerms = { isBeforeTerms: true };

  addRoute(
    app,
    getUserInfoRoute,
    async (request, reply) =>
      // already encoded by the contract's schema (and cached): sent as it is
      reply.type('application/json; charset=utf-8').send(await getUserInfoJson(deps, request.agentId)),
    beforeTerms,
  );
}

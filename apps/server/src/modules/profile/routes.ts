import {
  acceptTerms as acceptTermsRoute,
  getTermsDocument as getTermsDocumentRoute,
  getUserInfo as getUserInfoRoute,
} from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { createTtlCache } from '../../platform/ttl-cache.ts';
import { acceptTerms, getTermsDocument, getUserInfoJson, type ProfileDeps } from './service.ts';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const deps: ProfileDeps = {
    db: app.db,
    clock: app.deps.clock,
    userCache: createTtlCache({ ttlMs: app.deps.config.userCacheTtlMs }),
  };

  // The three calls the terms gate needs answer before the current terms are accepted; every other agent call
  // answers 403 TERMS_NOT_ACCEPTED until then (./terms-gate.ts).
  const beforeTerms = { isBeforeTerms: true };

  addRoute(
    app,
    getUserInfoRoute,
    async (request, reply) =>
      // already encoded by the contract's schema (and cached): sent as it is
      reply.type('application/json; charset=utf-8').send(await getUserInfoJson(deps, request.agentId)),
    beforeTerms,
  );

  addRoute(
    app,
    acceptTermsRoute,
    async (request) => ({ tos: await acceptTerms(deps, request.agentId, request.body.tosid) }),
    beforeTerms,
  );

  addRoute(
    app,
    getTermsDocumentRoute,
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return getTermsDocument(deps, request.params.id);
    },
    beforeTerms,
  );
}

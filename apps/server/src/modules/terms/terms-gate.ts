import { MESSAGES } from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../platform/errors.ts';
import { hasAcceptedCurrentTerms } from './queries.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest check after `authenticate` on every agent call but the few the terms gate needs (see
     * platform/routes.ts): 403 TERMS_NOT_ACCEPTED until the agent accepted the version in force.
     */
    requireCurrentTerms: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * The terms gate on the server, so an agent who has not accepted the current terms gets no data from the API
 * (the web app's gate alone could be skipped). Only "accepted" is remembered, per agent for USER_CACHE_TTL_MS
 * on this replica: an acceptance counts at once everywhere; a newly published version counts within the TTL.
 */
async function termsGate(app: FastifyInstance): Promise<void> {
  const ttl = app.deps.config.userCacheTtlMs;
  const accepted = ttl > 0 ? new LRUCache<string, true>({ max: 10_000, ttl }) : undefined;
  app.decorate('requireCurrentTerms', async (request: FastifyRequest) => {
    const { agentId } = request;
    if (accepted?.get(agentId)) return;
    if (!(await hasAcceptedCurrentTerms(app.db, agentId, app.deps.clock.now()))) {
      throw new AppError('TERMS_NOT_ACCEPTED', MESSAGES.termsNotAccepted);
    }
    accepted?.set(agentId, true);
  });
}

export const termsGatePlugin = fp(termsGate, { name: 'arc-terms-gate', dependencies: ['arc-auth'] });

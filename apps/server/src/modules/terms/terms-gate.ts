import { MESSAGES } from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { AppError } from '../../platform/errors.ts';
import { createSharedCache, type InvalidationBus } from '../../platform/shared-cache.ts';
import { createCurrentTerms, type CurrentTerms, type CurrentTermsEntry } from './current-terms.ts';
import { findAcceptance } from './queries.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest check after `authenticate` on every agent call but the few the terms gate needs (see
     * platform/routes.ts): 403 TERMS_NOT_ACCEPTED until the agent accepted the version in force.
     */
    requireCurrentTerms: (request: FastifyRequest) => Promise<void>;
    /** the terms version in force, known on every replica at once after a publication (./current-terms.ts) */
    currentTerms: CurrentTerms;
  }
}

export interface TermsGateOptions {
  /**
   * carries "a version was published" to every replica (docs/decisions/caches-and-replicas.md); none: a single replica
   */
  bus: InvalidationBus | undefined;
}

/**
 * The terms gate on the server, so an agent who has not accepted the current terms gets no data from the API
 * (the web app's gate alone could be skipped). Only "accepted" is remembered, per agent and terms version for
 * USER_CACHE_TTL_MS on this replica: an acceptance cannot be taken back, and a newly published version is
 * another key, so it counts at once on every replica (`currentTerms`, docs/decisions/terms.md).
 */
async function termsGate(app: FastifyInstance, options: TermsGateOptions): Promise<void> {
  const ttl = app.deps.config.userCacheTtlMs;
  const accepted = ttl > 0 ? new LRUCache<string, true>({ max: 10_000, ttl }) : undefined;
  const currentTerms = createCurrentTerms({
    db: app.db,
    clock: app.deps.clock,
    cache: createSharedCache<CurrentTermsEntry>({ name: 'current-terms', ttlMs: ttl, bus: options.bus }),
  });
  app.decorate('currentTerms', currentTerms);
  app.decorate('requireCurrentTerms', async (request: FastifyRequest) => {
    const { agentId } = request;
    const termsId = await currentTerms.id();
    if (termsId === null) return;
    const key = `${termsId}:${agentId}`;
    if (accepted?.get(key)) return;
    if (!(await findAcceptance(app.db, agentId, termsId))) {
      throw new AppError('TERMS_NOT_ACCEPTED', MESSAGES.termsNotAccepted);
    }
    accepted?.set(key, true);
  });
}

export const termsGatePlugin = fp(termsGate, { name: 'arc-terms-gate', dependencies: ['arc-auth'] });

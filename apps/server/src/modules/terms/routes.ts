import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { acceptTerms, getTermsDocument, type TermsDeps } from './service.ts';

export interface TermsRoutesOptions {
  /** see TermsDeps.onAccepted */
  onAccepted?: (agentId: string) => Promise<void>;
}

export async function termsRoutes(app: FastifyInstance, options: TermsRoutesOptions): Promise<void> {
  const deps: TermsDeps = {
    db: app.db,
    clock: app.deps.clock,
    ...(options.onAccepted ? { onAccepted: options.onAccepted } : {}),
  };

  // Both answer before the current terms are accepted: the gate needs them (./terms-gate.ts).
  const beforeTerms = { isBeforeTerms: true };

  addRoute(
    app,
    contract.acceptTerms,
    async (request) => ({ tos: await acceptTerms(deps, request.agentId, request.body.tosid, request.ip) }),
    beforeTerms,
  );

  addRoute(
    app,
    contract.getTermsDocument,
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return getTermsDocument(deps, request.params.id);
    },
    beforeTerms,
  );
}

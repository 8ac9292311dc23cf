import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
import { createCaseReport, getMyCase, listCaseCarriers, listMyCases, type CasesDeps } from './service.ts';

export async function casesRoutes(app: FastifyInstance): Promise<void> {
  const deps: CasesDeps = {
    db: app.db,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    config: app.deps.config,
  };

  addRoute(app, contract.listCaseCarriers, async (request) => ({
    carriers: await listCaseCarriers(deps, request.agentId),
  }));

  addRoute(
    app,
    contract.createCaseReport,
    async (request, reply) => {
      const id = await createCaseReport(deps, request.agentId, request.body);
      return reply.code(201).send({ message: contract.CASE_MESSAGES.success, id });
    },
    {
      rateLimit: perAgentLimit('case-report', 20, '1 minute'),
    },
  );

  addRoute(app, contract.listMyCases, async (request) => listMyCases(deps, request.agentId, request.query.page));

  addRoute(app, contract.getMyCase, async (request) => getMyCase(deps, request.agentId, request.params.id));
}

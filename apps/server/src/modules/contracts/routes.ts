import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import {
  createDownlineReport,
  listCertifications,
  listContracts,
  listDownlineCertifications,
  listDownlines,
  type ContractsDeps,
} from './service.ts';

/** A roster of the largest demo downline (5,000 rows) posts about 0.6 MB; 20,000 rows fit in 4 MiB. */
const ROSTER_BODY_LIMIT = 4 * 1024 * 1024;

export async function contractsRoutes(app: FastifyInstance): Promise<void> {
  const deps: ContractsDeps = { db: app.db, clock: app.deps.clock };

  addRoute(app, contract.listContracts, async (request) => listContracts(deps, request.agentId));
  addRoute(app, contract.listDownlines, async (request) => listDownlines(deps, request.agentId, request.params.id));
  addRoute(app, contract.listCertifications, async (request) =>
    listCertifications(deps, request.agentId, request.params.id),
  );
  addRoute(app, contract.listDownlineCertifications, async (request) =>
    listDownlineCertifications(deps, request.agentId, request.params.id),
  );
  addRoute(
    app,
    contract.createDownlineReport,
    async (request, reply) => createDownlineReport(deps, request.agentId, request.body, reply, request.ip),
    { bodyLimit: ROSTER_BODY_LIMIT },
  );
}

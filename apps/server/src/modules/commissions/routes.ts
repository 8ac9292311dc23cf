import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import { findCommissionStatements, getCommissionStatement, type CommissionsDeps } from './service.ts';

export async function commissionsRoutes(app: FastifyInstance): Promise<void> {
  const deps: CommissionsDeps = { db: app.db, storage: app.deps.storage };

  addRoute(app, contract.findCommissionStatements, async (request) =>
    findCommissionStatements(deps, request.agentId, request.params.offset),
  );

  addRoute(app, contract.getCommissionStatement, async (request, reply) => {
    // Stored gzip-compressed (design §3): the browser decompresses; the length is of the encoded bytes.
    return sendFile(reply, await getCommissionStatement(deps, request.agentId, request.params.id));
  });
}

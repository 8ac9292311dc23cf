import * as contract from '@arc/contract';
import * as contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { findCommissionStatements, getCommissionStatement, type CommissionsDeps } from './service.ts';

export async function commissionsRoutes(app: FastifyInstance): Promise<void> {
  const deps: CommissionsDeps = { db: app.db, storage: app.deps.storage };

  addRoute(app, contract.findCommissionStatements, async (request) =>
    findCommissionStatements(deps, request.agentId, request.params.offset),
  );

  addRoute(app, contract.getCommissionStatement, async (request, reply) => {
    const download = await getCommissionStatement(deps, request.agentId, request.params.id);
    reply
      .header('content-type', download.contentType)
      .header('content-length', String(download.size))
      .header('content-disposition', contentDisposition.create(download.name))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff');
    // Stored gzip-compressed (design §3): the browser decompresses; the length above is of the encoded bytes.
    if (download.contentEncoding) reply.header('content-encoding', download.contentEncoding);
    return reply.send(download.stream);
  });
}

import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { buildDestinations } from './destinations.ts';
import { listCarriersByPlatform, listContentDocuments, type ContentDeps } from './service.ts';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const deps: ContentDeps = { db: app.db };

  addRoute(app, contract.listCarriersByPlatform, async (request) => ({
    carriers: await listCarriersByPlatform(deps, request.query.platform),
  }));

  addRoute(app, contract.listContentDocuments, async (request) => ({
    documents: await listContentDocuments(deps, request.params.section),
  }));

  // built once: the content file and the settings do not change while the server runs
  const destinations = buildDestinations(app.deps.config);
  addRoute(app, contract.getDestinations, async () => destinations);
}

import {
  getDestinations,
  listCarriersByPlatform as listCarriersByPlatformRoute,
  listContentDocuments as listContentDocumentsRoute,
} from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { buildDestinations } from './destinations.ts';
import { listCarriersByPlatform, listContentDocuments, type ContentDeps } from './service.ts';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const deps: ContentDeps = { db: app.db };

  addRoute(app, listCarriersByPlatformRoute, async (request) => ({
    carriers: await listCarriersByPlatform(deps, request.query.platform),
  }));

  addRoute(app, listContentDocumentsRoute, async (request) => ({
    documents: await listContentDocuments(deps, request.params.section),
  }));

  // built once: the content file and the settings do not change while the server runs
  const destinations = buildDestinations(app.deps.config);
  addRoute(app, getDestinations, async () => destinations);
}

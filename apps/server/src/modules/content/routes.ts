import {
  listCarriersByPlatform as listCarriersByPlatformRoute,
  listContentDocuments as listContentDocumentsRoute,
} from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { listCarriersByPlatform, listContentDocuments, type ContentDeps } from './service.ts';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const deps: ContentDeps = { db: app.db };

  addRoute(app, listCarriersByPlatformRoute, async (request) => ({
    carriers: await listCarriersByPlatform(deps, request.query.platform),
  }));

  addRoute(app, listContentDocumentsRoute, async (request) => ({
    documents: await listContentDocuments(deps, request.params.section),
  }));
}

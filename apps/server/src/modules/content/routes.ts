import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import {
  getDestinations,
  getPageTexts,
  listCarriersByPlatform,
  listContentDocuments,
  type ContentDeps,
} from './service.ts';

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const deps: ContentDeps = { db: app.db, config: app.deps.config };

  addRoute(app, contract.listCarriersByPlatform, async (request) => ({
    carriers: await listCarriersByPlatform(deps, request.query.platform),
  }));

  addRoute(app, contract.listContentDocuments, async (request) => ({
    documents: await listContentDocuments(deps, request.params.section),
  }));

  // read at each call (two small tables, no cache): a back-office change reaches every replica at once
  addRoute(app, contract.getDestinations, async () => getDestinations(deps));
  addRoute(app, contract.getPageTexts, async () => ({ pages: await getPageTexts(deps) }));
}

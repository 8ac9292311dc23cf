import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { getReadyToSellBoard, getReadyToSellSummary, type ReadyToSellDeps } from './service.ts';

export async function readyToSellRoutes(app: FastifyInstance): Promise<void> {
  const deps: ReadyToSellDeps = { db: app.db, clock: app.deps.clock, timeZone: app.deps.config.businessTimeZone };
  addRoute(app, contract.getReadyToSellBoard, async (request) =>
    getReadyToSellBoard(deps, request.agentId, request.query.year),
  );
  addRoute(app, contract.getReadyToSellSummary, async (request) => ({
    text: await getReadyToSellSummary(deps, request.agentId),
  }));
}

import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { listFinalExpenseFiles, type FinalExpenseDeps } from './service.ts';

export async function finalExpenseRoutes(app: FastifyInstance): Promise<void> {
  const deps: FinalExpenseDeps = { db: app.db };
  addRoute(app, contract.listFinalExpenseFiles, async () => listFinalExpenseFiles(deps));
}

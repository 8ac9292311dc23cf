import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';

/** The back office's own calls about staff identity (decision 084). */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  addRoute(app, contract.getCurrentStaff, async (request) => request.staff);
}

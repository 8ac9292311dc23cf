import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { listComplianceGuides, type ComplianceDeps } from './service.ts';

export async function complianceRoutes(app: FastifyInstance): Promise<void> {
  const deps: ComplianceDeps = { db: app.db };
  addRoute(app, contract.listComplianceGuides, async () => ({ guides: await listComplianceGuides(deps) }));
}

import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addPublicSvgRoute, addRoute } from '../../platform/routes.ts';
import { carrierLogoSvg } from './logos.ts';
import { listDashboardFiles, type DashboardDeps } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const deps: DashboardDeps = { db: app.db, clock: app.deps.clock, timeZone: app.deps.config.businessTimeZone };

  addRoute(app, contract.listDashboardFiles, async () => ({ files: await listDashboardFiles(deps) }));

  // Carrier logos are public images (the <img> tag sends no token); they name carriers, nothing more.
  addPublicSvgRoute(app, '/arc/dashboard/logos', carrierLogoSvg);
}

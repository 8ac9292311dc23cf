import { listDashboardFiles as listDashboardFilesRoute } from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { addRoute } from '../../platform/routes.ts';
import { carrierLogoSvg } from './logos.ts';
import { listDashboardFiles, type DashboardDeps } from './service.ts';

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const deps: DashboardDeps = { db: app.db, clock: app.deps.clock, timeZone: app.deps.config.businessTimeZone };

  addRoute(app, listDashboardFilesRoute, async () => ({ files: await listDashboardFiles(deps) }));

  // Carrier logos are public images (the <img> tag sends no token); they name carriers, nothing more.
  app.get<{ Params: { name: string } }>(
    '/arc/dashboard/logos/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const svg = carrierLogoSvg(request.params.name.replace(/\.svg$/, ''));
      if (!svg) throw notFound();
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}

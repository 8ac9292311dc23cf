import { getCounties } from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { listCounties } from './service.ts';

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  // Public (design §3: the original's client-signed token protected nothing), so it is rate-limited per IP.
  addRoute(
    app,
    getCounties,
    async (request, reply) => {
      // The list changes only with a new data package: let the browser reuse it for an hour.
      reply.header('cache-control', 'public, max-age=3600');
      return listCounties(app.db, request.params.state);
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
}

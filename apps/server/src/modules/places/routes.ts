import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { addRoute } from '../../platform/routes.ts';
import { getZipCode, listCounties } from './service.ts';

export async function placesRoutes(app: FastifyInstance): Promise<void> {
  // Public (design §3: the original's client-signed token protected nothing), so it is rate-limited per IP.
  addRoute(
    app,
    contract.getCounties,
    async (request, reply) => {
      // The list changes only with a new data package: let the browser reuse it for an hour.
      reply.header('cache-control', 'public, max-age=3600');
      return listCounties(app.db, request.params.state);
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
  // the prospects' postal code entry checks each code as it is added
  addRoute(
    app,
    contract.getPostalCode,
    async (request, reply) => {
      const row = await getZipCode(app.db, request.params.zip);
      if (!row) throw notFound(`${request.params.zip} is not a US postal code.`);
      reply.header('cache-control', 'public, max-age=3600');
      return {
        zip: row.zip,
        city: row.city,
        state: row.stateCode,
        countyId: row.countyFips,
        countyName: row.countyName,
      };
    },
    { rateLimit: { max: 120, timeWindow: '1 minute' } },
  );
}

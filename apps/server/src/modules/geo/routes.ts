import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { createGeoDeps, findAddressSuggestions } from './service.ts';

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  const deps = createGeoDeps({ db: app.db, geocoderUrl: app.deps.config.geocoderUrl });

  // Called on every keystroke of the address search: a generous limit, still a limit.
  addRoute(
    app,
    contract.findAddressSuggestions,
    async (request) => ({ suggestions: await findAddressSuggestions(deps, request.query.q, request.log) }),
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );
}

import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addRoute, type AddRouteOptions } from '../../platform/routes.ts';
import {
  exportProspects,
  findProspectsByCounty,
  findProspectsByZip,
  getProspectListInfo,
  listAgeRanges,
  listProspectCounties,
  type ProspectsDeps,
} from './service.ts';

export async function prospectsRoutes(app: FastifyInstance): Promise<void> {
  const deps: ProspectsDeps = { db: app.db, clock: app.deps.clock, timeZone: app.deps.config.businessTimeZone };

  const searches = app.deps.config.prospectSearchesPerMinute;
  // Searches and exports are counted per agent (the token's subject), so one agent cannot page through the
  // whole national list; the limit runs before authentication, so a request without a valid token counts by IP.
  const perAgent = (max: number): AddRouteOptions => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: async (request: FastifyRequest) => {
        const agentId = await app.optionalAgentId(request);
        return agentId ? `t65-agent:${agentId}` : `t65-ip:${request.ip}`;
      },
    },
  });

  // Up to 10,000 rows built here from typed columns: sent as JSON text, without checking the answer row by row
  // against the response schema on the way out (that doubled a large search's time). The schema still documents it.
  const searcher = (request: { agentId: string; ip: string }) => ({ agentId: request.agentId, ip: request.ip });
  const sendRows = (reply: FastifyReply, body: contract.ProspectListResponse) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
  addRoute(
    app,
    contract.findProspectsByCounty,
    async (request, reply) => sendRows(reply, await findProspectsByCounty(deps, searcher(request), request.body)),
    perAgent(searches),
  );
  addRoute(
    app,
    contract.findProspectsByZip,
    async (request, reply) => sendRows(reply, await findProspectsByZip(deps, searcher(request), request.body)),
    perAgent(searches),
  );
  addRoute(
    app,
    contract.exportProspects,
    async (request, reply) => exportProspects(deps, request.agentId, request.body, reply, request.ip),
    { ...perAgent(Math.max(1, Math.floor(searches / 3))), bodyLimit: 256 * 1024 },
  );
  addRoute(app, contract.listProspectCounties, async (request) => listProspectCounties(deps, request.params.state));
  addRoute(app, contract.listProspectAgeRanges, async () => listAgeRanges(deps));
  addRoute(app, contract.getProspectListInfo, async () => getProspectListInfo(deps));
}

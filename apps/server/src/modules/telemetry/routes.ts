import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../platform/routes.ts';
import { recordTelemetry, type TelemetryDeps } from './service.ts';

export async function telemetryRoutes(app: FastifyInstance): Promise<void> {
  const deps: TelemetryDeps = { db: app.db, clock: app.deps.clock, sentryDsn: app.deps.config.sentryDsn };

  addRoute(
    app,
    contract.recordTelemetry,
    async (request, reply) => {
      // Signed-out pages report too (register and forgot failures); a valid token attaches the agent.
      const agentId = await app.optionalAgentId(request);
      await recordTelemetry(deps, { agentId, event: request.body, log: request.log });
      return reply.code(202).send({ ok: true });
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' }, bodyLimit: 16 * 1024 },
  );
}

import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { importStatus, receiveImport } from '../../platform/import-upload.ts';
import { addRoute } from '../../platform/routes.ts';
import { recordAudit } from '../audit/service.ts';
import { selectAgentsPage } from './queries.ts';
import { importRoster } from './roster.ts';
import {
  createAgent,
  getAgent,
  resendRegistrationLink,
  unlockAgent,
  updateAgent,
  type StaffActor,
  type StaffAgentsDeps,
} from './service.ts';

/**
 * The back office's agents and the roster import (issue 31; roles on each contract entry,
 * docs/decisions/route-access.md).
 */
export async function staffAgentsRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffAgentsDeps = {
    db: app.db,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    config: app.deps.config,
    grantsEnded: (grantIds) => app.grantsEnded(grantIds),
    agentChanged: (agentId) => app.currentAgentChanged(agentId),
  };
  const actor = (request: FastifyRequest): StaffActor => ({ staff: request.staff, ip: request.ip });

  // only this plugin's routes parse multipart: one file, no other part
  await app.register(multipart, {
    limits: { fileSize: contract.AGENT_ROSTER_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  addRoute(app, contract.listStaffAgents, async (request) => {
    const { rows, total, totalCapped } = await selectAgentsPage(deps.db, request.query, deps.clock.now());
    return { rows, total, totalCapped, page: request.query.page, pageSize: contract.AGENTS_PAGE_SIZE };
  });

  addRoute(app, contract.getStaffAgent, async (request) => getAgent(deps, request.params.npn));

  addRoute(app, contract.createStaffAgent, async (request, reply) =>
    reply.code(201).send(await createAgent(deps, actor(request), request.body)),
  );

  addRoute(app, contract.updateStaffAgent, async (request) =>
    updateAgent(deps, actor(request), request.params.npn, request.body),
  );

  addRoute(app, contract.unlockStaffAgent, async (request) => {
    await unlockAgent(deps, actor(request), request.params.npn);
    return { message: contract.STAFF_AGENT_MESSAGES.unlocked };
  });

  addRoute(app, contract.resendStaffAgentRegistration, async (request) => {
    await resendRegistrationLink(deps, actor(request), request.params.npn);
    return { message: contract.STAFF_AGENT_MESSAGES.linkSent };
  });

  addRoute(app, contract.importAgents, async (request, reply) => {
    const result = await receiveImport(request, reply, {
      field: contract.AGENT_ROSTER_UPLOAD_FIELDS.file,
      maxBytes: contract.AGENT_ROSTER_MAX_BYTES,
      what: 'the roster',
      run: (file) =>
        importRoster({ db: deps.db, clock: deps.clock, recordAudit }, file, {
          dryRun: request.query.dryRun === 'true',
          deactivateMissing: request.query.deactivateMissing === 'true',
          staffId: request.staff.id,
          ip: request.ip,
          source: 'upload',
        }),
    });
    await deps.grantsEnded(result.endedGrants);
    for (let i = 0; i < result.changedAgentIds.length; i += INVALIDATE_AT_ONCE) {
      await Promise.all(result.changedAgentIds.slice(i, i + INVALIDATE_AT_ONCE).map((id) => deps.agentChanged(id)));
    }
    return reply.code(importStatus(result.report)).send(result.report);
  });
}

/** Cache invalidations published at a time after an import (each is a Redis message with REDIS_URL). */
const INVALIDATE_AT_ONCE = 200;

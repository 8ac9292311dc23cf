import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { discardRestOfBody } from '../../platform/request-body.ts';
import { addRoute } from '../../platform/routes.ts';
import { selectAgentsPage } from './queries.ts';
import { importRoster, RosterFileError, type ImportRosterResult } from './roster.ts';
import {
  createAgent,
  getAgent,
  resendRegistrationLink,
  unlockAgent,
  updateAgent,
  type StaffActor,
  type StaffAgentsDeps,
} from './service.ts';

const TOO_LARGE = `The roster is over ${contract.AGENT_ROSTER_MAX_BYTES / 1024 / 1024} MiB`;
/** The multipart framing around the file: a body this much past the file limit is refused unread. */
const FRAMING_BYTES = 64 * 1024;

/** The back office's agents and the roster import (issue 31; roles on each contract entry, decision 085). */
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
    const { rows, total } = await selectAgentsPage(deps.db, request.query, deps.clock.now());
    return { rows, total, page: request.query.page, pageSize: contract.AGENTS_PAGE_SIZE };
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
    const dryRun = request.query.dryRun === 'true';
    const deactivateMissing = request.query.deactivateMissing === 'true';
    let result: ImportRosterResult | undefined;
    try {
      if (Number(request.headers['content-length'] ?? 0) > contract.AGENT_ROSTER_MAX_BYTES + FRAMING_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
      }
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', 'Send the roster as a multipart file');
      for await (const part of request.parts()) {
        if (part.type !== 'file' || part.fieldname !== contract.AGENT_ROSTER_UPLOAD_FIELDS.file) {
          throw new AppError(
            'BAD_REQUEST',
            `Send the roster as the file part "${contract.AGENT_ROSTER_UPLOAD_FIELDS.file}"`,
          );
        }
        // busboy stops at the limit and says so with 'limit': the reading fails with a 413
        part.file.once('limit', () => part.file.destroy(new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE)));
        result = await importRoster(deps, untruncated(part.file), {
          dryRun,
          deactivateMissing,
          staffId: request.staff.id,
          ip: request.ip,
          source: 'upload',
        });
      }
    } catch (err) {
      discardRestOfBody(request.raw, reply);
      throw asRosterError(err);
    }
    if (!result)
      throw new AppError(
        'BAD_REQUEST',
        `Send the roster as the file part "${contract.AGENT_ROSTER_UPLOAD_FIELDS.file}"`,
      );
    await deps.grantsEnded(result.endedGrants);
    for (let i = 0; i < result.changedAgentIds.length; i += INVALIDATE_AT_ONCE) {
      await Promise.all(result.changedAgentIds.slice(i, i + INVALIDATE_AT_ONCE).map((id) => deps.agentChanged(id)));
    }
    const { report } = result;
    return reply.code(!report.dryRun && !report.applied ? 422 : 200).send(report);
  });
}

/** Cache invalidations published at a time after an import (each is a Redis message with REDIS_URL). */
const INVALIDATE_AT_ONCE = 200;

/** The file's bytes, or a 413 where busboy cut it at the size limit (it ends a truncated file like a whole one). */
async function* untruncated(file: AsyncIterable<Buffer> & { truncated: boolean }): AsyncGenerator<Buffer> {
  for await (const chunk of file) {
    if (file.truncated) break;
    yield chunk;
  }
  if (file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
}

function asRosterError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (err instanceof RosterFileError) return new AppError('BAD_REQUEST', err.message);
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(
      'BAD_REQUEST',
      `Send one roster file as the part "${contract.AGENT_ROSTER_UPLOAD_FIELDS.file}"`,
    );
  }
  return err;
}

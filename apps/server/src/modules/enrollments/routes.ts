import {
  createEnrollment as createEnrollmentRoute,
  ENROLLMENT_MAX_BYTES,
  ENROLLMENT_MESSAGES,
  ENROLLMENT_UPLOAD_FIELDS,
  findStaffEnrollments as findStaffEnrollmentsRoute,
  listEnrollments as listEnrollmentsRoute,
  updateEnrollmentStatus as updateEnrollmentStatusRoute,
} from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { addRoute } from '../../platform/routes.ts';
import {
  cleanFileName,
  createEnrollment,
  discardUpload,
  findStaffEnrollments,
  isStaffKey,
  listEnrollments,
  parseMode,
  storeEnrollmentPdf,
  updateEnrollmentStatus,
  type EnrollmentsDeps,
  type StoredUpload,
} from './service.ts';

/** Uploads per agent per minute: a whole folder dropped at once fits, a runaway script does not. */
export const UPLOADS_PER_MINUTE = 30;

export async function enrollmentsRoutes(app: FastifyInstance): Promise<void> {
  const deps: EnrollmentsDeps = { db: app.db, clock: app.deps.clock, storage: app.deps.storage };

  // Registered here, so only this plugin's routes parse multipart. The default file limit is 1 MiB
  // (design §7): raised to exactly the upload limit. One file and one small field per request.
  await app.register(multipart, {
    limits: { fileSize: ENROLLMENT_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 20 },
  });

  addRoute(app, listEnrollmentsRoute, async (request) => listEnrollments(deps, request.agentId));

  addRoute(
    app,
    createEnrollmentRoute,
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', ENROLLMENT_MESSAGES.missingFile);
      let mode: unknown;
      let fileName = '';
      let stored: StoredUpload | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== ENROLLMENT_UPLOAD_FIELDS.mode) continue;
            mode = part.value;
            // A bad mode sent before the file is refused before a byte of the file is stored.
            if (!stored) parseMode(mode);
            continue;
          }
          if (part.fieldname !== ENROLLMENT_UPLOAD_FIELDS.file) {
            throw new AppError('BAD_REQUEST', ENROLLMENT_MESSAGES.missingFile);
          }
          // The file's own size limit: busboy stops at ENROLLMENT_MAX_BYTES and says so with 'limit'.
          part.file.once('limit', () =>
            part.file.destroy(new AppError('PAYLOAD_TOO_LARGE', ENROLLMENT_MESSAGES.tooLarge)),
          );
          fileName = cleanFileName(part.filename);
          stored = await storeEnrollmentPdf(deps, part.file);
        }
        if (!stored) throw new AppError('BAD_REQUEST', ENROLLMENT_MESSAGES.missingFile);
        const enrollment = await createEnrollment(deps, {
          agentId: request.agentId,
          mode: parseMode(mode),
          fileName,
          stored,
        });
        stored = undefined;
        return reply.code(201).send(enrollment);
      } catch (err) {
        if (stored) await discardUpload(deps, stored).catch(() => undefined);
        throw asUploadError(err);
      }
    },
    {
      rateLimit: {
        max: UPLOADS_PER_MINUTE,
        timeWindow: '1 minute',
        // after authentication, so the limit counts per agent rather than per address
        hook: 'preHandler',
        keyGenerator: (request) => `enrollment-upload:${request.agentId}`,
      },
    },
  );

  // ── staff API: a bearer staff key instead of an agent's token (docs/operations.md) ────────────────
  // Checked on request, before the body is validated: a caller without the key learns nothing (401 first).
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/arc/staff/')) return;
    if (!isStaffKey(app.deps.config.staffApiKey, bearerToken(request))) {
      throw new AppError('UNAUTHORIZED', 'Staff key required');
    }
  });
  const staffLimit = { max: 120, timeWindow: '1 minute' };

  addRoute(
    app,
    findStaffEnrollmentsRoute,
    async (request) => ({ enrollments: await findStaffEnrollments(deps, request.query) }),
    { rateLimit: staffLimit },
  );

  addRoute(
    app,
    updateEnrollmentStatusRoute,
    async (request) => updateEnrollmentStatus(deps, request.params.id, request.body),
    { rateLimit: staffLimit },
  );
}

/** @fastify/multipart's own limit errors carry a status; they keep it with our message and error shape. */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', ENROLLMENT_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('BAD_REQUEST', 'Send one enrollment file and the mode, nothing more.');
  }
  return err;
}

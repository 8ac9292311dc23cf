import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { discardRestOfBody, markBodyChunks } from '../../platform/request-body.ts';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
import { sendXlsx, type XlsxColumn } from '../../platform/xlsx.ts';
import {
  cleanFileName,
  createEnrollment,
  createEnrollmentsExportToken,
  checkUploadClient,
  enrollmentRowsForExport,
  namingText,
  redeemEnrollmentsExport,
  wallClock,
  discardUpload,
  findStaffEnrollments,
  listEnrollments,
  parseMode,
  releaseUpload,
  reserveUpload,
  settleUpload,
  storeEnrollmentPdf,
  updateEnrollmentStatus,
  type EnrollmentsDeps,
  type StoredUpload,
  type UploadNaming,
  type UploadQuotaDeps,
  type UploadReservation,
} from './service.ts';

/** Uploads per agent per minute: a whole folder dropped at once fits, a runaway script does not. */
export const UPLOADS_PER_MINUTE = 30;

export async function enrollmentsRoutes(app: FastifyInstance): Promise<void> {
  const deps: EnrollmentsDeps = {
    db: app.db,
    clock: app.deps.clock,
    storage: app.deps.storage,
    notifications: {
      db: app.db,
      clock: app.deps.clock,
      mailer: app.deps.mailer,
      config: app.deps.config,
      bus: app.notificationBus,
    },
  };
  const quota: UploadQuotaDeps = {
    db: app.db,
    clock: app.deps.clock,
    timeZone: app.deps.config.businessTimeZone,
    uploadsPerDay: app.deps.config.uploadsPerDay,
    bytesPerDay: app.deps.config.uploadBytesPerDay,
  };

  // Registered here, so only this plugin's routes parse multipart. The default file limit is 1 MiB
  // (design §7): raised to exactly the upload limit. One file and a few small fields (the mode, and the client, the
  // carrier and the plan the agent names) per request.
  await app.register(multipart, {
    limits: {
      fileSize: contract.ENROLLMENT_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1000,
      parts: 6,
      headerPairs: 20,
    },
  });

  addRoute(app, contract.listEnrollments, async (request) => listEnrollments(deps, request.agentId));

  addRoute(
    app,
    contract.createEnrollment,
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', contract.ENROLLMENT_MESSAGES.missingFile);
      let mode: unknown;
      const naming: UploadNaming = {};
      let fileName = '';
      let stored: StoredUpload | undefined;
      let reservation: UploadReservation | undefined;
      // the body's chunks are freed as soon as storage has written them, not at the next garbage collection
      markBodyChunks(request.raw);
      try {
        // the agent's daily quota, before a byte is stored (429 past it)
        reservation = await reserveUpload(quota, request.agentId, request.headers['content-length']);
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            const fields = contract.ENROLLMENT_UPLOAD_FIELDS;
            if (part.fieldname === fields.mode) {
              mode = part.value;
              // A bad mode sent before the file is refused before a byte of the file is stored.
              if (!stored) parseMode(mode);
              continue;
            }
            const namingKeys = {
              [fields.client]: 'clientId',
              [fields.carrier]: 'carrier',
              [fields.plan]: 'plan',
            } as const;
            const key = Object.hasOwn(namingKeys, part.fieldname)
              ? namingKeys[part.fieldname as keyof typeof namingKeys]
              : undefined;
            if (!key) continue;
            // what the agent names comes first: the client is checked before a byte of the file is stored
            if (stored) throw new AppError('BAD_REQUEST', contract.ENROLLMENT_MESSAGES.fieldsFirst);
            const value = namingText(part.value);
            if (key === 'clientId' && value !== undefined) {
              naming.client = await checkUploadClient(deps, request.agentId, value);
            }
            naming[key] = value;
            continue;
          }
          if (part.fieldname !== contract.ENROLLMENT_UPLOAD_FIELDS.file) {
            throw new AppError('BAD_REQUEST', contract.ENROLLMENT_MESSAGES.missingFile);
          }
          // The file's own size limit: busboy stops at contract.ENROLLMENT_MAX_BYTES and says so with 'limit'.
          part.file.once('limit', () =>
            part.file.destroy(new AppError('PAYLOAD_TOO_LARGE', contract.ENROLLMENT_MESSAGES.tooLarge)),
          );
          fileName = cleanFileName(part.filename);
          stored = await storeEnrollmentPdf(deps, part.file);
        }
        if (!stored) throw new AppError('BAD_REQUEST', contract.ENROLLMENT_MESSAGES.missingFile);
        const enrollment = await createEnrollment(deps, {
          agentId: request.agentId,
          mode: parseMode(mode),
          fileName,
          stored,
          ...naming,
        });
        const size = stored.size;
        stored = undefined;
        const counted = reservation;
        reservation = undefined;
        // the stored file counts its real size; a failure here leaves the (larger) reservation counted
        await settleUpload(quota, counted, size).catch((error: unknown) =>
          request.log.warn({ err: error }, 'upload quota not settled'),
        );
        return await reply.code(201).send(enrollment);
      } catch (err) {
        if (stored) await discardUpload(deps, stored).catch(() => undefined);
        if (reservation) await releaseUpload(quota, reservation).catch(() => undefined);
        discardRestOfBody(request.raw, reply);
        throw asUploadError(err);
      }
    },
    {
      // per agent rather than per address
      rateLimit: perAgentLimit('enrollment-upload', UPLOADS_PER_MINUTE, '1 minute'),
    },
  );

  addRoute(
    app,
    contract.createEnrollmentsExportToken,
    async (request) => ({ token: await createEnrollmentsExportToken(deps, request.agentId) }),
    { rateLimit: { max: 30, timeWindow: '1 minute' } },
  );

  const timeZone = app.deps.config.businessTimeZone;
  const [status, reason, first, last, state, carrier, product, received, type, file] =
    contract.ENROLLMENTS_EXPORT_COLUMNS;
  const exportColumns: XlsxColumn<contract.Enrollment>[] = [
    { header: status, value: (e) => e.Status, width: 12 },
    { header: reason, value: (e) => e.Reason, width: 36 },
    { header: first, value: (e) => e.ClientFirst },
    { header: last, value: (e) => e.ClientLast },
    { header: state, value: (e) => e.ClientState, width: 8 },
    { header: carrier, value: (e) => e.carrier_name, width: 20 },
    { header: product, value: (e) => e.product_name, width: 36 },
    { header: received, value: (e) => wallClock(e.RecDate, timeZone), width: 22, numFmt: 'mm/dd/yyyy h:mm:ss AM/PM' },
    { header: type, value: (e) => contract.ENROLLMENT_MODE_LABELS[e.mode], width: 18 },
    { header: file, value: (e) => e.fileName, width: 30 },
  ];

  // No bearer needed: the browser opens this in a new window and the single-use token is the credential.
  addRoute(
    app,
    contract.exportEnrollments,
    async (request, reply) => {
      if (request.method === 'HEAD') throw new AppError('NOT_FOUND', 'Not found');
      const bearerAgentId = await app.optionalAgentId(request);
      const agentId = await redeemEnrollmentsExport(deps, request.params.token, bearerAgentId, request.ip);
      return sendXlsx(reply, {
        fileName: contract.ENROLLMENTS_EXPORT_FILE_NAME,
        sheetName: 'Enrollments',
        columns: exportColumns,
        rows: enrollmentRowsForExport(deps, agentId),
      });
    },
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );

  // ── staff API: the integration key (STAFF_API_KEY) instead of an agent's token (docs/operations.md); the
  // contract entries say so, and route-access.ts checks it before the body is read, or registers nothing without
  // a key (docs/decisions/route-access.md)
  const staffLimit = { max: 120, timeWindow: '1 minute' };

  addRoute(
    app,
    contract.findStaffEnrollments,
    async (request) => ({ enrollments: await findStaffEnrollments(deps, request.query) }),
    { rateLimit: staffLimit },
  );

  addRoute(
    app,
    contract.updateEnrollmentStatus,
    async (request) => updateEnrollmentStatus(deps, request.params.id, request.body, request.ip),
    { rateLimit: staffLimit },
  );
}

/** @fastify/multipart's own limit errors carry a status; they keep it with our message and error shape. */
function asUploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', contract.ENROLLMENT_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(
      'BAD_REQUEST',
      'Send one enrollment file, the mode, the client, the carrier and the plan, nothing more.',
    );
  }
  return err;
}

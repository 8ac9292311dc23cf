import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { receiveImport } from '../../platform/import-upload.ts';
import { addRoute } from '../../platform/routes.ts';
import { listStaffPages, updateDestination, updatePageText } from '../content/service.ts';
import {
  createVideo,
  listStaffTraining,
  storeClip,
  storeThumbnail,
  updateCategory,
  updateVideo,
  type StaffActor,
  type StaffMediaDeps,
} from './service.ts';

/**
 * The back office's training videos and information pages (issue 33, docs/decisions/information-pages.md; roles on each
 * contract entry).
 */
export async function staffMediaRoutes(app: FastifyInstance): Promise<void> {
  const deps: StaffMediaDeps = {
    db: app.db,
    clock: app.deps.clock,
    storage: app.deps.storage,
    config: app.deps.config,
  };
  const actor = (request: FastifyRequest): StaffActor => ({ staff: request.staff, ip: request.ip });

  // only this plugin's routes parse multipart: one file, no other part
  await app.register(multipart, {
    limits: { fileSize: contract.TRAINING_VIDEO_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  addRoute(app, contract.listStaffTraining, async () => listStaffTraining(deps));

  addRoute(app, contract.updateTrainingCategory, async (request) =>
    updateCategory(deps, actor(request), request.params.slug, request.body),
  );

  addRoute(app, contract.createTrainingVideo, async (request, reply) =>
    reply.code(201).send(await createVideo(deps, actor(request), request.body)),
  );

  addRoute(app, contract.updateTrainingVideo, async (request) =>
    updateVideo(deps, actor(request), request.params.id, request.body),
  );

  addRoute(app, contract.uploadTrainingVideoClip, async (request, reply) =>
    reply.send(
      await receiveImport(request, reply, {
        field: contract.MEDIA_UPLOAD_FIELD,
        maxBytes: contract.TRAINING_VIDEO_MAX_BYTES,
        what: 'the video',
        run: (file) => storeClip(deps, actor(request), request.params.id, file),
      }),
    ),
  );

  addRoute(app, contract.uploadTrainingVideoThumbnail, async (request, reply) =>
    reply.send(
      await receiveImport(request, reply, {
        field: contract.MEDIA_UPLOAD_FIELD,
        maxBytes: contract.TRAINING_THUMBNAIL_MAX_BYTES,
        what: 'the thumbnail',
        run: (file) => storeThumbnail(deps, actor(request), request.params.id, file),
      }),
    ),
  );

  addRoute(app, contract.listStaffPages, async () => listStaffPages(deps));

  addRoute(app, contract.updatePageText, async (request) =>
    updatePageText(deps, actor(request), request.params.page, request.body.body),
  );

  addRoute(app, contract.updateDestination, async (request) =>
    updateDestination(deps, actor(request), request.params.key, request.body.value),
  );
}

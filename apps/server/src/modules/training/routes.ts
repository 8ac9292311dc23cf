import { Readable } from 'node:stream';
import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { addPublicSvgRoute, addRoute } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import { createUrlSigner } from '../../platform/signed-urls.ts';
import { trainingImageSvg } from './artwork.ts';
import { getTrainingVideoSource, listTrainingCategories, openTrainingMedia, type TrainingDeps } from './service.ts';
import { thumbnailKey } from './thumbnails.ts';

export async function trainingRoutes(app: FastifyInstance): Promise<void> {
  const deps: TrainingDeps = {
    db: app.db,
    clock: app.deps.clock,
    storage: app.deps.storage,
    // derived from the provider's cookie key, which every replica loads from the database
    signer: createUrlSigner(app.deps.secrets.cookieKeys[0]!, 'training-media'),
  };

  addRoute(app, contract.listTrainingCategories, async () => ({ categories: await listTrainingCategories(deps) }));

  addRoute(app, contract.getTrainingVideoSource, async (request) =>
    getTrainingVideoSource(deps, request.agentId, request.params.videoId),
  );

  // No bearer: a <video> element cannot send one. The signed token is the credential; it stays valid for the
  // many range requests one playback makes.
  addRoute(
    app,
    contract.streamTrainingMedia,
    async (request, reply) => {
      const answer = await openTrainingMedia(deps, request.query.token, request.headers.range);
      reply.header('accept-ranges', 'bytes').header('x-content-type-options', 'nosniff');
      if (answer.status === 416) {
        return reply
          .code(416)
          .header('content-range', `bytes */${answer.size}`)
          .send({ code: 'RANGE_NOT_SATISFIABLE', message: 'Range Not Satisfiable' });
      }
      const maxAge = Math.max(0, answer.expiresAt - Math.floor(app.deps.clock.now().getTime() / 1000));
      const size = answer.status === 206 ? answer.end - answer.start + 1 : answer.size;
      if (answer.status === 206) {
        reply.code(206).header('content-range', `bytes ${answer.start}-${answer.end}/${answer.size}`);
      }
      // a HEAD answers the headers alone: the file is not read
      if (request.method === 'HEAD') answer.stream.destroy();
      return sendFile(reply, {
        stream: request.method === 'HEAD' ? Readable.from([]) : answer.stream,
        contentType: answer.contentType,
        size,
        cacheControl: `private, max-age=${maxAge}`,
      });
    },
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );

  // A thumbnail uploaded in the back office: a JPEG the server drew itself (docs/decisions/files.md); its name changes
  // with it
  addRoute(app, contract.getTrainingThumbnail, async (request, reply) => {
    const key = thumbnailKey(request.params.name);
    const stat = key ? await app.deps.storage.stat(key) : null;
    if (!key || !stat) throw notFound('Thumbnail not found');
    return sendFile(reply.header('content-security-policy', "default-src 'none'"), {
      stream: await app.deps.storage.get(key),
      contentType: 'image/jpeg',
      size: stat.size,
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
  // Category logos and thumbnails are public images (an <img> sends no token); they show titles, nothing more.
  addPublicSvgRoute(app, '/arc/training/images', trainingImageSvg);
}

import * as contract from '@arc/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { addRoute, perAgentLimit } from '../../platform/routes.ts';
import { sendFile } from '../../platform/send-file.ts';
import type { SharedCache } from '../../platform/shared-cache.ts';
import { createUrlSigner } from '../../platform/signed-urls.ts';
import {
  changePassword,
  confirmEmailChange,
  cachedCurrentAgentJson,
  type CachedCurrentAgent,
  getCurrentAgentJson,
  openAvatar,
  requestEmailChange,
  updateAvatar,
  updateTimeZone,
  type ProfileDeps,
} from './service.ts';

export interface ProfileRoutesOptions {
  /** the GET /arc/user/info answers by agent id; `app.currentAgentChanged` (app.ts) drops an agent's entry on
   * every replica */
  currentAgentCache: SharedCache<CachedCurrentAgent>;
}

export async function profileRoutes(app: FastifyInstance, options: ProfileRoutesOptions): Promise<void> {
  const deps: ProfileDeps = {
    db: app.db,
    clock: app.deps.clock,
    agentCache: options.currentAgentCache,
    currentTerms: app.currentTerms,
    // derived from the provider's cookie key, which every replica loads from the database
    signer: createUrlSigner(app.deps.secrets.cookieKeys[0]!, 'avatar'),
    businessTimeZone: app.deps.config.businessTimeZone,
  };
  const withStorage = { ...deps, storage: app.deps.storage };

  // Only this plugin's routes parse multipart: one picture, no other part, the small avatar limit (design §7).
  await app.register(multipart, {
    limits: { fileSize: contract.AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  // The calls the terms gate needs (this one and the terms module's two) answer before the current terms are accepted; every other agent call
  // answers 403 TERMS_NOT_ACCEPTED until then (../terms/terms-gate.ts).
  const beforeTerms = { isBeforeTerms: true };

  addRoute(
    app,
    contract.getCurrentAgent,
    (request, reply) => {
      // already encoded by the contract's schema (and cached): sent as it is, at once when cached
      const send = (json: string) => reply.type('application/json; charset=utf-8').send(json);
      const cached = cachedCurrentAgentJson(deps, request.agentId);
      return cached ? send(cached) : getCurrentAgentJson(deps, request.agentId).then(send);
    },
    beforeTerms,
  );

  addRoute(
    app,
    contract.updateTimeZone,
    async (request) => {
      const timeZone = await updateTimeZone(deps, { agentId: request.agentId }, request.body.timeZone);
      await app.currentAgentChanged(request.agentId);
      return { timeZone };
    },
    { rateLimit: perAgentLimit('time-zone', 30, '1 minute') },
  );

  addRoute(
    app,
    contract.updateAvatar,
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('BAD_REQUEST', contract.PROFILE_MESSAGES.avatarMissing);
      let upload: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== contract.AVATAR_FIELD) {
            throw new AppError('BAD_REQUEST', contract.PROFILE_MESSAGES.avatarMissing);
          }
          // at most contract.AVATAR_MAX_BYTES: @fastify/multipart's toBuffer() throws FST_REQ_FILE_TOO_LARGE past it
          upload = await part.toBuffer();
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('PAYLOAD_TOO_LARGE', contract.PROFILE_MESSAGES.avatarTooLarge);
        }
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code?.startsWith('FST_')) {
          throw new AppError('BAD_REQUEST', contract.PROFILE_MESSAGES.avatarMissing);
        }
        throw err;
      }
      if (!upload || upload.length === 0) throw new AppError('BAD_REQUEST', contract.PROFILE_MESSAGES.avatarMissing);
      const avatar = await updateAvatar(withStorage, request.agentId, upload);
      return reply.code(201).send({ message: contract.PROFILE_MESSAGES.avatarUpdated, avatar });
    },
    { rateLimit: perAgentLimit('avatar', 20, '1 minute') },
  );

  // No bearer: an <img> cannot send one. The signed token in the URL of GET /arc/user/info is the credential.
  addRoute(
    app,
    contract.getAvatar,
    async (request, reply) => {
      const picture = await openAvatar(withStorage, request.params.agentId, request.query.token);
      const maxAge = Math.max(0, picture.expiresAt - Math.floor(app.deps.clock.now().getTime() / 1000));
      return sendFile(reply.header('content-security-policy', "default-src 'none'"), {
        ...picture,
        cacheControl: `private, max-age=${maxAge}`,
      });
    },
    { rateLimit: { max: 600, timeWindow: '1 minute' } },
  );

  addRoute(
    app,
    contract.changePassword,
    async (request, reply) => {
      await changePassword(
        { ...deps, grantsEnded: (grantIds) => app.grantsEnded(grantIds) },
        { agentId: request.agentId, grantId: request.grantId, ip: request.ip },
        request.body,
      );
      return reply.code(201).send({ message: contract.PROFILE_MESSAGES.passwordUpdated });
    },
    // each attempt verifies the current password: a guessing script gets a handful an hour
    { rateLimit: perAgentLimit('change-password', 10, '15 minutes') },
  );

  addRoute(
    app,
    contract.updateUserInfo,
    async (request) => {
      await requestEmailChange(
        { ...deps, mailer: app.deps.mailer, config: app.deps.config },
        request.agentId,
        { email: request.body.agent.email, password: request.body.password },
        request.ip,
      );
      return { message: contract.PROFILE_MESSAGES.checkEmail };
    },
    // each attempt verifies the current password too: five guesses an hour
    { rateLimit: perAgentLimit('update-email', 5, '1 hour') },
  );

  // Public: the e-mailed link's token is the bearer, as for the create-password links.
  addRoute(
    app,
    contract.confirmEmailChange,
    async (request) => {
      const { email, restored } = await confirmEmailChange(
        {
          ...deps,
          mailer: app.deps.mailer,
          config: app.deps.config,
          grantsEnded: (grantIds) => app.grantsEnded(grantIds),
        },
        bearerToken(request),
        request.ip,
      );
      return restored
        ? { message: contract.PROFILE_MESSAGES.emailRestored, email, restored }
        : { message: contract.PROFILE_MESSAGES.emailChanged, email };
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
}

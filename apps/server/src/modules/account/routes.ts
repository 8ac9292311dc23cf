import * as contract from '@arc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { addRoute } from '../../platform/routes.ts';
import { ACCOUNT_LINK_JOB } from './jobs.ts';
import {
  createPasswordWithLink,
  getPasswordLinkStatus,
  isCommonPasswordCandidate,
  requestAccountLink,
  type AccountServiceDeps,
  type LinkRequest,
} from './service.ts';

/** Per IP, per route. */
const PER_IP = { max: 10, timeWindow: '1 minute' };
/** Per NPN, register and forgot together, whoever asks: stops anyone flooding an agent's inbox. */
const PER_NPN = { max: 5, timeWindow: '1 hour' };

/**
 * The public account calls (no access token): register, forgot password, and the two calls the
 * create-password screen makes with the e-mailed link token as its bearer.
 */
export async function accountRoutes(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const deps: AccountServiceDeps = {
    db: app.db,
    clock: app.deps.clock,
    mailer: app.deps.mailer,
    config: app.deps.config,
    grantsEnded: (grantIds) => app.grantsEnded(grantIds),
    queueLink: async (request) => {
      await app.jobs.send(ACCOUNT_LINK_JOB, request);
    },
  };

  const npnLimiter = app.createRateLimit({
    ...PER_NPN,
    keyGenerator: (request) => `account-link-npn:${(request.body as { agentNum: string }).agentNum}`,
  });

  async function requestLink(request: FastifyRequest, npn: string, kind: LinkRequest): Promise<void> {
    const limit = await npnLimiter(request);
    if (!limit.isAllowed && limit.isExceeded)
      throw new AppError('TOO_MANY_REQUESTS', contract.MESSAGES.tooManyRequests);
    await requestAccountLink(deps, { npn, kind });
  }

  addRoute(
    app,
    contract.registerAccount,
    async (request) => {
      await requestLink(request, request.body.agentNum, 'register');
      return { message: contract.MESSAGES.registerSuccess };
    },
    { rateLimit: PER_IP },
  );

  addRoute(
    app,
    contract.forgotPassword,
    async (request) => {
      await requestLink(request, request.body.agentNum, 'forgot');
      return { message: contract.MESSAGES.forgotSuccess };
    },
    { rateLimit: PER_IP },
  );

  addRoute(
    app,
    contract.getPasswordLink,
    async (request) => getPasswordLinkStatus(deps, bearerToken(request as unknown as FastifyRequest)),
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );

  addRoute(
    app,
    contract.checkCommonPassword,
    async (request) => ({ isCommon: await isCommonPasswordCandidate(request.body.password) }),
    // the form asks once a pause in typing: a minute of steady typing stays far below this
    { rateLimit: { max: 60, timeWindow: '1 minute' } },
  );

  addRoute(
    app,
    contract.createPassword,
    async (request) => {
      const token = bearerToken(request);
      const { username } = await createPasswordWithLink(deps, token, request.body.password, request.ip);
      return { status: 'Success' as const, username };
    },
    { rateLimit: { max: 20, timeWindow: '1 minute' } },
  );
}

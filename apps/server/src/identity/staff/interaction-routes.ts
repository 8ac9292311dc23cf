import type { IncomingMessage, ServerResponse } from 'node:http';
import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import type { RecordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import { addRoute } from '../../platform/routes.ts';
import { loadInteractionOf } from '../interaction-routes.ts';
import { isStaffClient } from './provider-staff.ts';
import { isFirstFactorFresh, verifyStaffPassword, verifyStaffSecondFactor, type FirstFactor } from './service.ts';
import { staffSubject } from './staff-auth.ts';

export interface StaffInteractionRoutesOptions {
  getProvider: () => Promise<Provider>;
  recordAudit: RecordAudit;
}

/** Where a passed first factor waits on the interaction (its stored `result`) for the second. */
const FIRST_FACTOR = 'staffFirstFactor';

const firstFactorOf = (interaction: Interaction): FirstFactor | undefined => {
  const value = interaction.result?.[FIRST_FACTOR];
  return value && typeof value === 'object' ? (value as FirstFactor) : undefined;
};

/**
 * The staff sign-in's JSON calls (docs/decisions/back-office.md), below the staff interaction page where the provider's
 * interaction cookie is sent: the password, then a TOTP or recovery code; only then does the interaction finish with
 * the staff account (`staff:<id>`). They answer only for the staff client's interactions.
 */
export async function staffInteractionRoutes(
  app: FastifyInstance,
  { getProvider, recordAudit }: StaffInteractionRoutesOptions,
) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const limit = { rateLimit: { max: app.deps.config.signInsPerMinute, timeWindow: '1 minute' } };
  const deps = { db: app.db, clock: app.deps.clock, recordAudit, emailDomain: app.deps.config.providerEmailDomain };

  async function loadStaffInteraction(request: { raw: IncomingMessage }, raw: ServerResponse, uid: string) {
    const loaded = await loadInteractionOf(getProvider, request.raw, raw, uid);
    if (!isStaffClient(String(loaded.interaction.params.client_id)) || loaded.interaction.prompt.name !== 'login') {
      throw new AppError('BAD_REQUEST', contract.STAFF_MESSAGES.notStaffSignIn);
    }
    return loaded;
  }

  addRoute(app, contract.getStaffInteraction, async (request, reply) => {
    const { interaction } = await loadStaffInteraction(request, reply.raw, request.params.uid);
    const first = firstFactorOf(interaction);
    const isWaiting = first !== undefined && isFirstFactorFresh(first, app.deps.clock.now());
    return { uid: interaction.uid, step: isWaiting ? ('second-factor' as const) : ('password' as const) };
  });

  addRoute(
    app,
    contract.submitStaffPassword,
    async (request, reply) => {
      const { interaction } = await loadStaffInteraction(request, reply.raw, request.params.uid);
      const staffId = await verifyStaffPassword(deps, { ...request.body, ip: request.ip });
      const first: FirstFactor = { staffId, passedAt: app.deps.clock.now().getTime() };
      interaction.result = { [FIRST_FACTOR]: first };
      await interaction.save(Math.max(1, (interaction.exp ?? 0) - Math.floor(Date.now() / 1000)));
      return { next: 'second-factor' as const };
    },
    limit,
  );

  addRoute(
    app,
    contract.submitStaffSecondFactor,
    async (request, reply) => {
      const { provider, interaction } = await loadStaffInteraction(request, reply.raw, request.params.uid);
      const first = firstFactorOf(interaction);
      if (!first || !isFirstFactorFresh(first, app.deps.clock.now())) {
        throw new AppError('BAD_REQUEST', contract.STAFF_MESSAGES.passwordFirst);
      }
      const factor = await verifyStaffSecondFactor(deps, {
        staffId: first.staffId,
        code: request.body.code,
        ip: request.ip,
      });
      request.log.info({ staffId: first.staffId, factor }, 'staff signed in');
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: staffSubject(first.staffId), amr: ['pwd', factor === 'totp' ? 'otp' : 'rc'] } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
    limit,
  );
}

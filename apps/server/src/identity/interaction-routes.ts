import type { IncomingMessage, ServerResponse } from 'node:http';
import * as contract from '@arc/contract';
import type { FastifyInstance } from 'fastify';
import type { Interaction, Provider } from 'oidc-provider';
import type { RecordAudit } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';
import { addRoute } from '../platform/routes.ts';
import { verifyPasswordSignIn } from './password-sign-in.ts';

export interface InteractionRoutesOptions {
  /** the provider, loaded on first use (./index.ts) */
  getProvider: () => Promise<Provider>;
  /** the audit log's recorder (platform/audit.ts) */
  recordAudit: RecordAudit;
}

const expired = () => new AppError('GONE', contract.MESSAGES.sessionExpired);

/** The provider and the interaction `uid` names, or 410 when the sign-in session has expired. */
export async function loadInteractionOf(
  getProvider: () => Promise<Provider>,
  req: IncomingMessage,
  res: ServerResponse,
  uid: string,
): Promise<{ provider: Provider; interaction: Interaction }> {
  const provider = await getProvider();
  let interaction: Interaction;
  try {
    interaction = await provider.interactionDetails(req, res);
  } catch (err) {
    const { errors } = await import('oidc-provider');
    if (err instanceof errors.SessionNotFound) throw expired();
    throw err;
  }
  if (interaction.uid !== uid) throw expired();
  return { provider, interaction };
}

/**
 * The sign-in form's JSON calls. They sit below the provider's interaction path, where its cookie
 * (scoped to /interaction/<uid>) is sent; the web app renders the form itself.
 */
export async function interactionRoutes(app: FastifyInstance, { getProvider, recordAudit }: InteractionRoutesOptions) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const loadInteraction = (req: IncomingMessage, res: ServerResponse, uid: string) =>
    loadInteractionOf(getProvider, req, res, uid);

  addRoute(app, contract.getInteractionDetails, async (request, reply) => {
    const { provider, interaction } = await loadInteraction(request.raw, reply.raw, request.params.uid);
    const clientId = interaction.params.client_id;
    const client = typeof clientId === 'string' ? await provider.Client.find(clientId) : undefined;
    return {
      uid: interaction.uid,
      prompt: interaction.prompt.name,
      ...(client?.clientName ? { clientName: client.clientName } : {}),
    };
  });

  addRoute(
    app,
    contract.submitLogin,
    async (request, reply) => {
      const { provider, interaction } = await loadInteraction(request.raw, reply.raw, request.params.uid);
      // a staff sign-in is never completed with an agent's credentials (docs/decisions/back-office.md)
      if (interaction.prompt.name !== 'login' || interaction.params.client_id === contract.STAFF_CLIENT_ID) {
        throw new AppError('BAD_REQUEST', 'This sign-in step does not ask for a password.');
      }
      let accountId: string;
      try {
        accountId = await verifyPasswordSignIn(
          { db: app.db, clock: app.deps.clock, recordAudit },
          { ...request.body, ip: request.ip },
        );
      } catch (err) {
        if (err instanceof AppError) request.log.info({ outcome: err.code }, 'sign-in refused');
        throw err;
      }
      request.log.info({ agentId: accountId }, 'signed in');
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
    { rateLimit: { max: app.deps.config.signInsPerMinute, timeWindow: '1 minute' } },
  );

  addRoute(
    app,
    contract.abortInteraction,
    async (request, reply) => {
      const { provider } = await loadInteraction(request.raw, reply.raw, request.params.uid);
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
    { rateLimit: { max: app.deps.config.signInsPerMinute, timeWindow: '1 minute' } },
  );
}

import { ErrorResponseSchema, type RouteEntry } from '@arc/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;
type SuccessStatus = 200 | 201 | 202;
type SuccessBody<E extends RouteEntry> = {
  [S in keyof E['responses']]: S extends SuccessStatus ? Output<E['responses'][S]> : never;
}[keyof E['responses']];

export type ContractRequest<E extends RouteEntry> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Output<E['params']>;
  query: Output<E['query']>;
  body: Output<E['body']>;
};

export interface AddRouteOptions {
  /** per-route rate limit (see @fastify/rate-limit) */
  rateLimit?: {
    max: number;
    timeWindow: string | number;
    keyGenerator?: (request: FastifyRequest) => string | Promise<string>;
    /** 'preHandler' counts after authentication, so `keyGenerator` can use `request.agentId` */
    hook?: 'onRequest' | 'preHandler';
  };
  bodyLimit?: number;
  /** an agent call the terms gate itself needs (user info, terms text, accepting): answers before acceptance */
  isBeforeTerms?: boolean;
}

/**
 * Registers one contract entry as a Fastify route: the entry's schemas validate the request, serialise the
 * answer and describe the call in /arc/docs.
 *
 * `auth: true` entries check in the order of design §3, whatever the request holds: the bearer token (401) and
 * then the terms (403 TERMS_NOT_ACCEPTED until the current version is accepted, unless `isBeforeTerms`) run as
 * onRequest hooks, before the body is even read; then the entry's schemas validate (400); the handler checks
 * ownership (404).
 * The handler returns the success body (or sends the reply itself, for streams).
 */
export function addRoute<E extends RouteEntry>(
  app: FastifyInstance,
  entry: E,
  handler: (request: ContractRequest<E>, reply: FastifyReply) => Promise<SuccessBody<E> | FastifyReply | void>,
  options: AddRouteOptions = {},
): void {
  const schema: Record<string, unknown> = {
    summary: entry.summary,
    tags: [...entry.tags],
    response: entry.auth ? { 401: ErrorResponseSchema, 403: ErrorResponseSchema, ...entry.responses } : entry.responses,
  };
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (entry.headers) schema.headers = entry.headers;
  if (entry.auth) schema.security = [{ bearerAuth: [] }];

  const routeOptions: RouteShorthandOptions = { schema };
  if (entry.auth) {
    const checks: onRequestAsyncHookHandler[] = [app.authenticate];
    if (!options.isBeforeTerms && app.hasDecorator('requireCurrentTerms')) checks.push(app.requireCurrentTerms);
    routeOptions.onRequest = checks;
  }
  if (options.rateLimit) routeOptions.config = { rateLimit: options.rateLimit };
  if (options.bodyLimit) routeOptions.bodyLimit = options.bodyLimit;

  app.route({
    ...routeOptions,
    method: entry.method,
    url: entry.path,
    handler: handler as never,
  });
}

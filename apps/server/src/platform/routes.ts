import type { RouteEntry } from '@arc/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
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
  };
  bodyLimit?: number;
}

/**
 * Registers one contract entry as a Fastify route: the entry's schemas validate the request, serialise the
 * answer and describe the call in /arc/docs; `auth: true` entries run `app.authenticate` first.
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
    response: entry.responses,
  };
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (entry.headers) schema.headers = entry.headers;
  if (entry.auth) schema.security = [{ bearerAuth: [] }];

  const routeOptions: RouteShorthandOptions = { schema };
  if (entry.auth) routeOptions.preHandler = app.authenticate;
  if (options.rateLimit) routeOptions.config = { rateLimit: options.rateLimit };
  if (options.bodyLimit) routeOptions.bodyLimit = options.bodyLimit;

  app.route({
    ...routeOptions,
    method: entry.method,
    url: entry.path,
    handler: handler as never,
  });
}

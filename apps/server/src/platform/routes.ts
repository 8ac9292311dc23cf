import { ErrorResponseSchema, type RouteEntry } from '@arc/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type * as z from 'zod/mini';
import { AppError, notFound } from './errors.ts';

type Output<T> = T extends z.ZodMiniType ? z.output<T> : undefined;
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
 * The entry's `auth` goes on the route as `config.auth`, and route-access.ts puts the checks it needs in front
 * (docs/decisions/route-access.md): for `agent`, in the order of design §3, the bearer token (401) and then the terms
 * (403 TERMS_NOT_ACCEPTED until the current version is accepted, unless `isBeforeTerms`) run as onRequest hooks, before
 * the body is even read; then the entry's schemas validate (400); the handler checks ownership (404). An
 * `integration` entry is not registered at all when no integration key (STAFF_API_KEY) is configured.
 * The handler returns the success body (or sends the reply itself, for streams, or synchronously and returns the
 * reply, for an answer it already holds).
 */
export function addRoute<E extends RouteEntry>(
  app: FastifyInstance,
  entry: E,
  handler: (
    request: ContractRequest<E>,
    reply: FastifyReply,
  ) => Promise<SuccessBody<E> | FastifyReply | void> | FastifyReply,
  options: AddRouteOptions = {},
): void {
  if (entry.auth === 'integration' && !app.deps.config.staffApiKey) return;
  const hasCredential = entry.auth !== 'none';
  const schema: Record<string, unknown> = {
    summary: entry.summary,
    tags: [...entry.tags],
    response: hasCredential
      ? { 401: ErrorResponseSchema, 403: ErrorResponseSchema, ...entry.responses }
      : entry.responses,
  };
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (entry.headers) schema.headers = entry.headers;
  if (hasCredential) schema.security = [{ [securityScheme(entry.auth)]: [] }];

  const config: FastifyContextConfig = { auth: entry.auth, isApi: true };
  if (options.isBeforeTerms) config.isBeforeTerms = true;
  if (options.rateLimit) config.rateLimit = options.rateLimit;
  const routeOptions: RouteShorthandOptions = { schema, config };
  // a call with nothing to read (no params, query or body) has nowhere to hide a NUL: no hook on every answer
  if (entry.params || entry.query || entry.body) routeOptions.preValidation = refuseNulCharacters;
  if (options.bodyLimit) routeOptions.bodyLimit = options.bodyLimit;

  app.route({
    ...routeOptions,
    method: entry.method,
    url: entry.path,
    handler: handler as never,
  });
}

/** The OpenAPI security scheme of a credential (app.ts names them). */
const securityScheme = (auth: RouteEntry['auth']): string =>
  typeof auth === 'object' ? 'staffAuth' : auth === 'integration' ? 'integrationKey' : 'bearerAuth';

/**
 * No text the portal stores may hold U+0000: PostgreSQL refuses it in `text` (the query fails, a 500), and no
 * real input has one. Found by the security matrix; checked once here for every call, before the schemas run.
 */
async function refuseNulCharacters(request: FastifyRequest): Promise<void> {
  const path = nulPath({ ...(request.params as object), ...(request.query as object) }) ?? nulPath(request.body);
  if (path === undefined) return;
  const field = path || '_';
  throw new AppError('BAD_REQUEST', `${field}: must not contain a NUL character`, {
    fieldErrors: { [field]: ['must not contain a NUL character'] },
  });
}

/**
 * The dotted path of the first string (or key) holding U+0000, or undefined. Iterative, with the path built only
 * for a hit: a body nested 100,000 levels deep must neither overflow the stack nor build 100,000 long paths.
 */
function nulPath(root: unknown): string | undefined {
  interface Node {
    value: unknown;
    key: string;
    parent: Node | undefined;
  }
  const pathOf = (node: Node): string => {
    const keys: string[] = [];
    for (let at: Node | undefined = node; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.');
  };
  const stack: Node[] = [{ value: root, key: '', parent: undefined }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      if (node.value.includes('\u0000')) return pathOf(node);
    } else if (node.value && typeof node.value === 'object') {
      for (const [key, value] of Object.entries(node.value)) {
        const child = { value, key, parent: node };
        if (key.includes('\u0000')) return pathOf(child);
        stack.push(child);
      }
    }
  }
  return undefined;
}

/**
 * A public SVG image generated by name (`GET <path>/:name`, `.svg` optional): an <img> sends no token, so only
 * pictures that reveal nothing (carrier logos, category artwork) are served this way. `render` answers the SVG
 * text, or undefined for an unknown name (404). The image's own CSP forbids scripts inside it.
 */
export function addPublicSvgRoute(
  app: FastifyInstance,
  path: string,
  render: (name: string) => string | undefined,
): void {
  const config = { auth: 'none', isApi: true } as const;
  app.get<{ Params: { name: string } }>(`${path}/:name`, { schema: { hide: true }, config }, async (request, reply) => {
    const svg = render(request.params.name.replace(/\.svg$/, ''));
    if (!svg) throw notFound();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}

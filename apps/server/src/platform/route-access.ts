import { createHash, timingSafeEqual } from 'node:crypto';
import type { RouteAuth, StaffRole } from '@arc/contract';
import { OIDC_PATH } from '@arc/contract/constants';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { bearerToken } from './auth.ts';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** who may call the route (docs/decisions/route-access.md); `addRoute` copies it from the contract entry */
    auth?: RouteAuth;
    /** an agent call the terms gate itself needs: answers before the current terms are accepted */
    isBeforeTerms?: boolean;
    /** a call of the JSON API (a contract entry): it gets the API's security headers, not a page's */
    isApi?: boolean;
  }
  interface FastifyInstance {
    /** every route registered so far, with the credential it takes (the route-access test walks it) */
    routeAccess: readonly RegisteredRoute[];
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  auth: RouteAuth;
}

type Check = onRequestHookHandler | onRequestAsyncHookHandler;

/**
 * Routes that code outside the contract registers without a declaration, named by the pattern they are registered
 * under (never matched against a request's URL): all public. The embedded identity provider checks its own
 * credentials (client secrets, PKCE, the interaction cookie). (identity/ declares its own other routes, such as
 * the logout script's `config.auth`: platform/ imports nothing from identity/.)
 */
const PUBLIC_ROUTES: ReadonlySet<string> = new Set([OIDC_PATH, `${OIDC_PATH}/*`]);

const kContextAuth = Symbol('arc.routeAccess.contextAuth');

/**
 * Declares every route registered from now on in this encapsulated context (and its children) public: for plugins
 * that register routes and take no route config (@fastify/static, @fastify/swagger-ui). Call it on a context of
 * their own, never on the root.
 */
export function declarePublicContext(instance: FastifyInstance): void {
  (instance as FastifyInstance & { [kContextAuth]?: RouteAuth })[kContextAuth] = 'none';
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares a presented key with the configured one in constant time; no key configured means no key matches. */
function isIntegrationKey(configured: string | undefined, presented: string | undefined): boolean {
  if (!configured || !presented) return false;
  return timingSafeEqual(digest(configured), digest(presented));
}

/**
 * Who may call a route is decided here, and only here, from the matched route's declaration
 * (docs/decisions/route-access.md): an onRoute hook reads `config.auth` of every route as it is registered and puts the
 * checks that credential needs in front of the route's own onRequest hooks, so they run before the body is read,
 * whatever the request's URL looks like (the router matched its decoded path; a string test on `request.url` did not,
 * and was bypassed). A route without a declaration cannot be registered (the app does not start), except the few in
 * PUBLIC_ROUTES and those of a context declared public.
 *
 * Every answer to a call with a credential is `Cache-Control: no-store`, unless its handler sets its own (a
 * statement download's `private, no-store`, the terms text's `private, max-age=300`).
 */
async function routeAccess(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = [];
  app.decorate('routeAccess', routes);
  const integrationKey = app.deps.config.staffApiKey;

  const requireIntegrationKey: onRequestHookHandler = (request, _reply, done) => {
    if (isIntegrationKey(integrationKey, bearerToken(request))) return done();
    done(new AppError('UNAUTHORIZED', 'Integration key required'));
  };

  function checksFor(route: RouteOptions, auth: RouteAuth): Check[] {
    if (typeof auth === 'object') return staffChecks(app, route, auth.staff);
    switch (auth) {
      case 'none':
        return [];
      case 'agent': {
        if (!app.hasDecorator('authenticate')) throw new Error(`${route.url}: an agent route before the auth plugin`);
        const checks: Check[] = [noStore, app.authenticate];
        if (!route.config?.isBeforeTerms && app.hasDecorator('requireCurrentTerms')) {
          checks.push(app.requireCurrentTerms);
        }
        return checks;
      }
      case 'integration':
        // addRoute registers none without a key: a route that still gets here is a mistake, not a 401
        if (!integrationKey) throw new Error(`${route.url}: an integration route without STAFF_API_KEY`);
        return [noStore, requireIntegrationKey];
      default:
        return assertNever(auth);
    }
  }

  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const auth =
      route.config?.auth ??
      (this as FastifyInstance & { [kContextAuth]?: RouteAuth })[kContextAuth] ??
      (PUBLIC_ROUTES.has(route.url) ? 'none' : undefined);
    if (auth === undefined) {
      throw new Error(`${String(route.method)} ${route.url} does not declare who may call it (config.auth)`);
    }
    const checks = checksFor(route, auth);
    if (checks.length > 0) {
      const own =
        route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [...checks, ...own] as RouteOptions['onRequest'];
    }
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, auth });
  });
}

/**
 * A staff call (docs/decisions/route-access.md): a staff member's token (identity/staff/staff-auth.ts sets
 * `request.staff`: 401 without one, 403 for an agent's), then one of the route's roles (403).
 */
function staffChecks(app: FastifyInstance, route: RouteOptions, roles: readonly StaffRole[]): Check[] {
  if (!app.hasDecorator('authenticateStaff'))
    throw new Error(`${route.url}: a staff route before the staff auth plugin`);
  if (roles.length === 0) throw new Error(`${route.url}: a staff route that no role may call`);
  const allowed = new Set(roles);
  const requireRole: onRequestHookHandler = (request, _reply, done) => {
    if (allowed.has(request.staff.role)) return done();
    done(new AppError('FORBIDDEN', 'Your role does not allow this'));
  };
  return [noStore, app.authenticateStaff, requireRole];
}

const noStore = (_request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
  reply.header('cache-control', 'no-store');
  done();
};

function assertNever(value: never): never {
  throw new Error(`unknown route credential ${JSON.stringify(value)}`);
}

export const routeAccessPlugin = fp(routeAccess, { name: 'arc-route-access' });

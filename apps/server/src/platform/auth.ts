import type { JsonWebKey } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { LRUCache } from 'lru-cache';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the hook for every call that needs a signed-in agent: sets `request.agentId`, else 401 */
    authenticate: (request: FastifyRequest, reply: FastifyReply, done: HookDone) => void;
    /** the agent of a valid bearer token, or null: for calls that signed-out pages make too */
    optionalAgentId: (request: FastifyRequest) => Promise<string | null>;
    /**
     * For an answer that lasts (the notification stream): calls `onEnded` once, within moments, when the
     * credential `authenticate` accepted for `request` stops standing (its grant ended: Log Out, a revoked token, a
     * new password; or its agent was deactivated), here or on another replica. Answers the function that stops
     * watching.
     */
    watchAccess: (request: FastifyRequest, onEnded: () => void) => () => void;
  }
  interface FastifyRequest {
    /** the signed-in agent (the access token's `sub`); set by `authenticate` */
    agentId: string;
    /** the grant the access token was issued under (`grant_id`), or '' for a token that names none */
    grantId: string;
  }
}

type HookDone = (err?: Error) => void;

export interface AuthOptions {
  issuer: string;
  audience: string;
  /** the embedded provider's public keys; without them the issuer's JWKS is fetched */
  jwks?: { keys: JsonWebKey[] };
  /**
   * The embedded provider's keys as stored now: asked (at most once a second) when a token names a key this
   * replica does not know, which happens during a signing key rotation when another replica restarted first.
   */
  reloadJwks?: () => Promise<{ keys: JsonWebKey[] }>;
  /** how many verified tokens to remember (bounded, each until it expires) */
  cacheSize?: number;
  /**
   * Whether the grant a token was issued under still stands (the embedded provider's tokens name it in
   * `grant_id`): Log Out ends the grant, and its access tokens are refused from the next call on, on every
   * replica, instead of living out their 15 minutes. Answers synchronously when it knows (its cache).
   */
  isGrantActive?: (grantId: string) => boolean | Promise<boolean>;
  /**
   * Whether the agent's account is active (a status that is neither empty nor inactive): an inactive agent's
   * token is refused like an unknown one. Answers synchronously when it knows (a short cache dropped on change),
   * so a token seen before still passes without a promise.
   */
  isAgentActive?: (agentId: string) => boolean | Promise<boolean>;
  /**
   * Hears of every grant that ended (the grant check's `onEnded`; null: some may have gone unheard), so that
   * `watchAccess` asks `isGrantActive` again for the answers open under it.
   */
  onGrantEnded?: (listener: (grantId: string | null) => void) => () => void;
  /** Hears of every agent whose status may have changed (the status check's `onChanged`), likewise */
  onAgentChanged?: (listener: (agentId: string | null) => void) => () => void;
}

/** The claim in which the embedded provider names the grant of an access token (identity/provider-config.ts). */
export const GRANT_ID_CLAIM = 'grant_id';

export interface VerifiedToken {
  /** the token's `sub`: an agent's id, or `staff:<id>` in a staff token */
  agentId: string;
  grantId: string | undefined;
  /** the client the token was issued to (`client_id`) */
  clientId: string | undefined;
}

/** Pulls the bearer token out of an Authorization header, or returns undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  // the usual form, checked without a regular expression over the ~900-character header
  if (header.startsWith('Bearer ') && header.charCodeAt(7) > 32) {
    const token = header.slice(7);
    if (!token.includes(' ') && !token.includes('\t')) return token;
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Verifies an access token's signature and claims and answers its agent (`sub`). */
export function createAccessTokenVerifier(options: AuthOptions): (token: string) => Promise<string> {
  const verify = createTokenVerifier(options);
  return async (token) => (await verify(token)).agentId;
}

/**
 * Verifies an access token's signature, issuer, audience and type, and caches the answer until it expires. The
 * staff API verifies its own tokens with this too, for its own audience (identity/staff/staff-auth.ts).
 */
export function createTokenVerifier(
  options: Pick<AuthOptions, 'issuer' | 'audience' | 'jwks' | 'reloadJwks' | 'cacheSize'>,
) {
  let keySet: JWTVerifyGetKey = options.jwks
    ? createLocalJWKSet(options.jwks)
    : createRemoteJWKSet(new URL(`${options.issuer}/jwks`));
  let lastReload = 0;
  const verifyOptions = {
    issuer: options.issuer,
    audience: options.audience,
    typ: 'at+jwt',
    algorithms: ['RS256'],
  };
  async function verifyJwt(token: string) {
    try {
      return await jwtVerify(token, keySet, verifyOptions);
    } catch (err) {
      if (!(err instanceof joseErrors.JWKSNoMatchingKey) || !options.reloadJwks) throw err;
      if (Date.now() - lastReload < 1000) throw err;
      lastReload = Date.now();
      keySet = createLocalJWKSet(await options.reloadJwks());
      return jwtVerify(token, keySet, verifyOptions);
    }
  }
  // Each verified token until it expires (the ttl is only an upper bound; `exp` decides). The key is the end of
  // the token's signature, and a hit counts only when the whole token is the one verified: hashing the whole
  // 900-character token for the lookup on every call cost a tenth of a cached answer
  // (docs/decisions/request-pipeline.md).
  const cache = new LRUCache<string, VerifiedToken & { token: string }>({
    max: options.cacheSize ?? 10_000,
    ttl: 24 * 60 * 60 * 1000,
  });
  const cacheKey = (token: string) => token.slice(-CACHE_KEY_LENGTH);

  /** the verified token from the cache, synchronously, or undefined */
  const cached = (token: string): VerifiedToken | undefined => {
    const entry = cache.get(cacheKey(token));
    return entry && entry.token === token ? entry : undefined;
  };
  const verifyAccessToken = async (token: string): Promise<VerifiedToken> => {
    const known = cached(token);
    if (known) return known;
    try {
      const { payload } = await verifyJwt(token);
      if (typeof payload.sub !== 'string' || !payload.sub) throw new AppError('UNAUTHORIZED', 'Invalid token');
      const grantId = payload[GRANT_ID_CLAIM];
      const clientId = payload.client_id;
      const verified = {
        token,
        agentId: payload.sub,
        grantId: typeof grantId === 'string' ? grantId : undefined,
        clientId: typeof clientId === 'string' ? clientId : undefined,
      };
      // until the token's own end (a token without `exp` is verified again next time)
      const ttl = (payload.exp ?? 0) * 1000 - Date.now();
      if (ttl > 0) cache.set(cacheKey(token), verified, { ttl: Math.min(ttl, 24 * 60 * 60 * 1000) });
      return verified;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHORIZED', 'Token expired');
      throw new AppError('UNAUTHORIZED', 'Invalid token', { cause: err });
    }
  };
  return Object.assign(verifyAccessToken, { cached });
}

/** characters of a token's end (its signature: 342 for RS256) that key the cache of verified tokens */
const CACHE_KEY_LENGTH = 32;

/** A check that answers synchronously when it knows: false or a promise of false refuses. */
async function holds(answer: boolean | Promise<boolean>): Promise<boolean> {
  return answer === true || (answer !== false && (await answer));
}

async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const verifyToken = createTokenVerifier(options);
  const { isGrantActive, isAgentActive } = options;
  /** the token, once its grant and its agent are known to stand (cheap checks: cached, synchronous when known) */
  async function verify(token: string): Promise<VerifiedToken> {
    const verified = await verifyToken(token);
    if (verified.grantId && isGrantActive && !(await holds(isGrantActive(verified.grantId)))) {
      throw new AppError('UNAUTHORIZED', 'Signed out');
    }
    // the same answer as for a token that is not valid: an inactive account is not told apart from none
    if (isAgentActive && !(await holds(isAgentActive(verified.agentId)))) {
      throw new AppError('UNAUTHORIZED', 'Invalid token');
    }
    return verified;
  }
  /**
   * A token verified before whose grant and agent are known to stand, found without waiting (every cache), or
   * undefined when the slow path must decide.
   */
  function knownToken(token: string): VerifiedToken | undefined {
    const known = verifyToken.cached(token);
    if (!known) return undefined;
    if (known.grantId && isGrantActive && isGrantActive(known.grantId) !== true) return undefined;
    if (isAgentActive && isAgentActive(known.agentId) !== true) return undefined;
    return known;
  }
  app.decorateRequest('agentId', '');
  app.decorateRequest('grantId', '');
  // A callback hook (onRequest on the contract's routes, or preHandler): a token seen before passes without a
  // promise (docs/decisions/request-pipeline.md).
  app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    const token = bearerToken(request);
    if (!token) return done(new AppError('UNAUTHORIZED', 'Missing token'));
    const known = knownToken(token);
    if (known !== undefined) {
      request.agentId = known.agentId;
      request.grantId = known.grantId ?? '';
      return done();
    }
    verify(token).then((verified) => {
      request.agentId = verified.agentId;
      request.grantId = verified.grantId ?? '';
      done();
    }, done);
  });
  app.decorate('watchAccess', createAccessWatch(options));
  app.decorate('optionalAgentId', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return null;
    try {
      return (await verify(token)).agentId;
    } catch {
      return null;
    }
  });
}

/**
 * `watchAccess` (docs/decisions/notifications.md, issue 43): an open answer follows the same events that drop the grant and status
 * caches (so the same Redis channels reach it from every replica), and on each asks the checks again; nothing
 * polls. A check that cannot be answered (the database is away) ends the answer too: the client reconnects and is
 * checked like any call.
 */
function createAccessWatch(
  options: Pick<AuthOptions, 'isGrantActive' | 'isAgentActive' | 'onGrantEnded' | 'onAgentChanged'>,
): (request: FastifyRequest, onEnded: () => void) => () => void {
  const { isGrantActive, isAgentActive } = options;
  type Watcher = { agentId: string; grantId: string; recheck: () => void };
  const watchers = new Set<Watcher>();
  const byAgent = new Map<string, Set<Watcher>>();
  const byGrant = new Map<string, Set<Watcher>>();
  const add = (index: Map<string, Set<Watcher>>, key: string, watcher: Watcher) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(watcher);
  };
  const remove = (index: Map<string, Set<Watcher>>, key: string, watcher: Watcher) => {
    const set = index.get(key);
    if (!set) return;
    set.delete(watcher);
    if (set.size === 0) index.delete(key);
  };
  const recheck = (set: Set<Watcher> | undefined) => {
    if (set) for (const watcher of [...set]) watcher.recheck();
  };
  options.onGrantEnded?.((grantId) => recheck(grantId === null ? watchers : byGrant.get(grantId)));
  options.onAgentChanged?.((agentId) => recheck(agentId === null ? watchers : byAgent.get(agentId)));

  return (request, onEnded) => {
    const { agentId, grantId } = request;
    let isEnded = false;
    let checking = Promise.resolve();
    const watcher: Watcher = {
      agentId,
      grantId,
      recheck: () => {
        checking = checking
          .then(async () => {
            if (isEnded) return;
            const stands =
              (!grantId || !isGrantActive || (await holds(isGrantActive(grantId)))) &&
              (!isAgentActive || (await holds(isAgentActive(agentId))));
            if (!stands) end();
          })
          .catch(() => end());
      },
    };
    const stop = () => {
      watchers.delete(watcher);
      remove(byAgent, agentId, watcher);
      if (grantId) remove(byGrant, grantId, watcher);
    };
    function end() {
      if (isEnded) return;
      isEnded = true;
      stop();
      onEnded();
    }
    watchers.add(watcher);
    add(byAgent, agentId, watcher);
    if (grantId) add(byGrant, grantId, watcher);
    // once now: an event between the request's own check and this watch would otherwise go unheard (cached: cheap)
    watcher.recheck();
    return () => {
      isEnded = true;
      stop();
    };
  };
}

export default fp(authPlugin, { name: 'arc-auth' });

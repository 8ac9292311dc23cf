import type { JsonWebKey } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from './errors.ts';
import { createTtlCache } from './ttl-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for every call that needs a signed-in agent */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** the agent of a valid bearer token, or null: for calls that signed-out pages make too */
    optionalAgentId: (request: FastifyRequest) => Promise<string | null>;
  }
  interface FastifyRequest {
    /** the signed-in agent (the access token's `sub`); set by `authenticate` */
    agentId: string;
  }
}

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
}

/** The claim in which the embedded provider names the grant of an access token (identity/provider-config.ts). */
export const GRANT_ID_CLAIM = 'grant_id';

interface VerifiedToken {
  agentId: string;
  grantId: string | undefined;
}

/** Pulls the bearer token out of an Authorization header, or returns undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Verifies an access token's signature and claims and answers its agent (`sub`). */
export function createAccessTokenVerifier(options: AuthOptions): (token: string) => Promise<string> {
  const verify = createTokenVerifier(options);
  return async (token) => (await verify(token)).agentId;
}

function createTokenVerifier(options: AuthOptions) {
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
  // 900-character token for the lookup on every call cost a tenth of a cached answer (decision 046).
  const cache = createTtlCache<VerifiedToken & { token: string }>({
    ttlMs: 24 * 60 * 60 * 1000,
    maxEntries: options.cacheSize ?? 10_000,
  });
  const cacheKey = (token: string) => token.slice(-CACHE_KEY_LENGTH);

  return async function verifyAccessToken(token: string): Promise<VerifiedToken> {
    const cached = cache.get(cacheKey(token));
    if (cached && cached.token === token) return cached;
    try {
      const { payload } = await verifyJwt(token);
      if (typeof payload.sub !== 'string' || !payload.sub) throw new AppError('UNAUTHORIZED', 'Invalid token');
      const grantId = payload[GRANT_ID_CLAIM];
      const verified = { token, agentId: payload.sub, grantId: typeof grantId === 'string' ? grantId : undefined };
      cache.set(cacheKey(token), verified, (payload.exp ?? 0) * 1000);
      return verified;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHORIZED', 'Token expired');
      throw new AppError('UNAUTHORIZED', 'Invalid token', { cause: err });
    }
  };
}

/** characters of a token's end (its signature: 342 for RS256) that key the cache of verified tokens */
const CACHE_KEY_LENGTH = 32;

async function authPlugin(app: FastifyInstance, options: AuthOptions) {
  const verifyToken = createTokenVerifier(options);
  const { isGrantActive } = options;
  /** the token's agent, once its grant is known to stand (a cheap check: cached, synchronous when known) */
  async function verify(token: string): Promise<string> {
    const { agentId, grantId } = await verifyToken(token);
    if (grantId && isGrantActive) {
      const isActive = isGrantActive(grantId);
      if (isActive === false || (isActive !== true && !(await isActive))) {
        throw new AppError('UNAUTHORIZED', 'Signed out');
      }
    }
    return agentId;
  }
  app.decorateRequest('agentId', '');
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'Missing token');
    request.agentId = await verify(token);
  });
  app.decorate('optionalAgentId', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return null;
    try {
      return await verify(token);
    } catch {
      return null;
    }
  });
}

export default fp(authPlugin, { name: 'arc-auth' });

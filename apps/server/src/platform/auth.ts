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
}

/** Pulls the bearer token out of an Authorization header, or returns undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function createAccessTokenVerifier(options: AuthOptions) {
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
  const cache = createTtlCache<{ token: string; agentId: string }>({
    ttlMs: 24 * 60 * 60 * 1000,
    maxEntries: options.cacheSize ?? 10_000,
  });
  const cacheKey = (token: string) => token.slice(-CACHE_KEY_LENGTH);

  return async function verifyAccessToken(token: string): Promise<string> {
    const cached = cache.get(cacheKey(token));
    if (cached && cached.token === token) return cached.agentId;
    try {
      const { payload } = await verifyJwt(token);
      if (typeof payload.sub !== 'string' || !payload.sub) throw new AppError('UNAUTHORIZED', 'Invalid token');
      cache.set(cacheKey(token), { token, agentId: payload.sub }, (payload.exp ?? 0) * 1000);
      return payload.sub;
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
  const verify = createAccessTokenVerifier(options);
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

import type { JsonWebKey } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalJWKSet, createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from './errors.ts';

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
  /** how many verified tokens to remember (bounded, each until it expires) */
  cacheSize?: number;
}

interface CachedToken {
  agentId: string;
  expiresAt: number;
}

/** Pulls the bearer token out of an Authorization header, or returns undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function createAccessTokenVerifier(options: AuthOptions) {
  const keySet: JWTVerifyGetKey = options.jwks
    ? createLocalJWKSet(options.jwks)
    : createRemoteJWKSet(new URL(`${options.issuer}/jwks`));
  const cacheSize = options.cacheSize ?? 10_000;
  const cache = new Map<string, CachedToken>();

  return async function verifyAccessToken(token: string): Promise<string> {
    const now = Date.now();
    const cached = cache.get(token);
    if (cached) {
      if (cached.expiresAt > now) return cached.agentId;
      cache.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, keySet, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        algorithms: ['RS256'],
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new AppError('UNAUTHORIZED', 'Invalid token');
      const expiresAt = (payload.exp ?? 0) * 1000;
      if (cache.size >= cacheSize) {
        // Map keeps insertion order: drop the oldest entry.
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      cache.set(token, { agentId: payload.sub, expiresAt });
      return payload.sub;
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new AppError('UNAUTHORIZED', 'Token expired');
      throw new AppError('UNAUTHORIZED', 'Invalid token', { cause: err });
    }
  };
}

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

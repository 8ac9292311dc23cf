import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Stateless signed tokens for URLs that an element opens by itself (a <video src> sends no bearer header and
 * asks for many byte ranges, so a single-use download token does not fit). The token carries its claims and an
 * HMAC-SHA256 over them; it is valid for any number of requests until it expires, and names one resource for
 * one agent. No row is written: every replica that shares the key verifies it.
 */
export interface SignedClaims {
  /** what the token grants, e.g. a storage key */
  resource: string;
  agentId: string;
  /** expiry, seconds since the epoch */
  expiresAt: number;
}

export interface UrlSigner {
  sign(claims: SignedClaims): string;
  /** The claims of a genuine, unexpired token, or null. */
  verify(token: string, now: Date): SignedClaims | null;
}

/** A signer whose key is derived (HKDF) from `secret` for one `purpose`, so keys never serve two uses. */
export function createUrlSigner(secret: string, purpose: string): UrlSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, 'arc-signed-urls', purpose, 32));
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(claims) {
      const payload = Buffer.from(JSON.stringify([claims.resource, claims.agentId, claims.expiresAt])).toString(
        'base64url',
      );
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token, now) {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(parsed) || parsed.length !== 3) return null;
      const [resource, agentId, expiresAt] = parsed as unknown[];
      if (typeof resource !== 'string' || typeof agentId !== 'string' || typeof expiresAt !== 'number') return null;
      if (expiresAt * 1000 <= now.getTime()) return null;
      return { resource, agentId, expiresAt };
    },
  };
}

import { importJWK, SignJWT } from 'jose';
import type { TestApp } from './app.ts';

export interface MintOptions {
  agentId: string;
  /** seconds from now; negative for an expired token */
  expiresIn?: number;
  audience?: string;
  issuer?: string;
  typ?: string;
  /** the client it was issued to; the web app's unless said */
  clientId?: string;
  /** the grant it names (`grant_id`), if any */
  grantId?: string;
}

/**
 * Signs an access token with the provider's own stored signing key, exactly as the provider would.
 * Module tests use it to skip the browser sign-in; identity tests go through the real flow.
 */
export async function mintAccessToken(t: TestApp, options: MintOptions): Promise<string> {
  const key = t.app.deps.secrets.jwks.keys[0]!;
  const signingKey = await importJWK(key, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    scope: 'openid profile email',
    client_id: options.clientId ?? 'arc-web',
    ...(options.grantId ? { grant_id: options.grantId } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: options.typ ?? 'at+jwt' })
    .setSubject(options.agentId)
    .setIssuer(options.issuer ?? t.config.oidcIssuer)
    .setAudience(options.audience ?? t.config.apiAudience)
    .setIssuedAt(now)
    .setJti(crypto.randomUUID())
    .setExpirationTime(now + (options.expiresIn ?? 600))
    .sign(signingKey);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

import { MESSAGES, OIDC_AUTHORIZATION_ROUTE, OIDC_SCOPES, WEB_CLIENT_ID } from '@arc/contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcPayloads } from '../db/schema/index.ts';
import authPlugin, { createAccessTokenVerifier } from '../platform/auth.ts';
import { AppError } from '../platform/errors.ts';
import { insertAgent } from '../seed/factories.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  followToCallback,
  localPath,
  logOutThroughProvider,
  signInThroughProvider,
  startAuthorization,
  submitLogin,
  tokenRequest,
} from '../test/sign-in.ts';
import { bearer, mintAccessToken } from '../test/tokens.ts';
import { purgeExpiredPayloads } from './adapter.ts';
import { publicJwks } from './keys.ts';
import { LOGOUT_SCRIPT_PATH } from './pages.ts';
import { purgeIdentityRows } from './purge.ts';

const PASSWORD = 'Sturdy-Pass-42';
let t: TestApp;
let agent: Awaited<ReturnType<typeof insertAgent>>;

beforeAll(async () => {
  t = await createTestApp();
  agent = await insertAgent(t.database.db, { password: PASSWORD });
});
afterAll(async () => {
  await t?.close();
});

const verifier = () =>
  createAccessTokenVerifier({
    issuer: t.config.oidcIssuer,
    audience: t.config.apiAudience,
    jwks: publicJwks(t.app.deps.secrets),
  });

/** A bare API with the platform's auth plugin and one authenticated route, as the business modules use it. */
async function protectedApi() {
  const api = Fastify({ logger: false });
  await api.register(authPlugin, {
    issuer: t.config.oidcIssuer,
    audience: t.config.apiAudience,
    jwks: publicJwks(t.app.deps.secrets),
  });
  api.setErrorHandler((error, _request, reply) =>
    reply.code(error instanceof AppError ? error.status : 500).send({ message: String(error) }),
  );
  api.get('/whoami', { preHandler: api.authenticate }, async (request) => ({ agentId: request.agentId }));
  await api.ready();
  return api;
}

describe('GET /oidc/.well-known/openid-configuration', () => {
  it('describes the embedded provider', async () => {
    // endpoints follow the request's host (X-Forwarded-Host behind TLS); the issuer is fixed
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      issuer: t.config.oidcIssuer,
      authorization_endpoint: `${t.config.oidcIssuer}${OIDC_AUTHORIZATION_ROUTE}`,
      token_endpoint: `${t.config.oidcIssuer}/token`,
      jwks_uri: `${t.config.oidcIssuer}/jwks`,
      end_session_endpoint: `${t.config.oidcIssuer}/session/end`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(OIDC_SCOPES.split(' ')));
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
  });

  it('publishes the public signing key only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    expect(res.statusCode).toBe(200);
    const [key] = res.json<{ keys: Record<string, string>[] }>().keys;
    expect(key).toMatchObject({ kid: t.app.deps.secrets.jwks.keys[0]!.kid, kty: 'RSA' });
    expect(key).not.toHaveProperty('d');
  });
});

describe('authorization code + PKCE', () => {
  it('issues a JWT access token for the API that the API accepts', async () => {
    const tokens = await signInThroughProvider(t, { username: agent.username!, password: PASSWORD });

    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({
      iss: t.config.oidcIssuer,
      aud: t.config.apiAudience,
      sub: agent.id,
      client_id: WEB_CLIENT_ID,
      scope: OIDC_SCOPES,
    });
    const claims = decodeJwt(tokens.accessToken);
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    await expect(verifier()(tokens.accessToken)).resolves.toBe(agent.id);

    const api = await protectedApi();
    const accepted = await api.inject({ method: 'GET', url: '/whoami', headers: bearer(tokens.accessToken) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ agentId: agent.id });
    const refused = await api.inject({ method: 'GET', url: '/whoami', headers: bearer(tokens.idToken) });
    expect(refused.statusCode).toBe(401);
    await api.close();

    expect(decodeJwt(tokens.idToken)).toMatchObject({
      iss: t.config.oidcIssuer,
      aud: WEB_CLIENT_ID,
      sub: agent.id,
      given_name: agent.firstName,
      family_name: agent.lastName,
      email: agent.email,
      preferred_username: agent.username,
    });
    expect(tokens.refreshToken).toEqual(expect.any(String));
  });

  it('keeps provider state in oidc_payloads, not in memory', async () => {
    const rows = await t.database.db.select({ type: oidcPayloads.type }).from(oidcPayloads);
    expect(rows.map((r) => r.type)).toEqual(expect.arrayContaining(['Session', 'Grant', 'RefreshToken']));
  });

  it('accepts the NPN and any letter case of the username', async () => {
    await expect(signInThroughProvider(t, { username: agent.npn, password: PASSWORD })).resolves.toHaveProperty(
      'accessToken',
    );
    await expect(
      signInThroughProvider(t, { username: ` ${agent.username!.toUpperCase()} `, password: PASSWORD }),
    ).resolves.toHaveProperty('accessToken');
  });

  it('rejects a token for another audience and an expired token', async () => {
    const verify = verifier();
    const otherAudience = await mintAccessToken(t, { agentId: agent.id, audience: 'https://elsewhere.example/api' });
    await expect(verify(otherAudience)).rejects.toMatchObject({ status: 401 });
    const expired = await mintAccessToken(t, { agentId: agent.id, expiresIn: -60 });
    await expect(verify(expired)).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    const idTokenAsAccess = (await signInThroughProvider(t, { username: agent.npn, password: PASSWORD })).idToken;
    await expect(verify(idTokenAsAccess)).rejects.toMatchObject({ status: 401 });
  });

  it('never takes a forged token for a cached one with the same signature', async () => {
    const verify = verifier();
    const token = await mintAccessToken(t, { agentId: agent.id });
    await expect(verify(token)).resolves.toBe(agent.id); // now cached
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    const forged = `${header}.${forgedPayload}.${signature}`;
    await expect(verify(forged)).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    // and the real token still passes afterwards
    await expect(verify(token)).resolves.toBe(agent.id);
  });

  it('refuses an authorization request without a code challenge', async () => {
    const query = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      response_type: 'code',
      scope: OIDC_SCOPES,
      redirect_uri: `${t.config.publicUrl}/login/callback`,
      state: 'abc',
    });
    const res = await t.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/login/callback');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses the plain PKCE method', async () => {
    const query = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      response_type: 'code',
      scope: OIDC_SCOPES,
      redirect_uri: `${t.config.publicUrl}/login/callback`,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'plain',
    });
    const res = await t.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('refuses a code exchanged with a wrong or missing verifier', async () => {
    const start = await startAuthorization(t);
    const login = await submitLogin(t, start, { username: agent.npn, password: PASSWORD });
    const callback = await followToCallback(t, start, login.json().redirectTo);
    const code = callback.searchParams.get('code')!;
    const form = { grant_type: 'authorization_code', code, redirect_uri: start.redirectUri };
    const wrong = await tokenRequest(t, { ...form, code_verifier: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const missing = await tokenRequest(t, form);
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a resource other than the API', async () => {
    const query = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      response_type: 'code',
      scope: OIDC_SCOPES,
      redirect_uri: `${t.config.publicUrl}/login/callback`,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      resource: 'https://elsewhere.example/api',
    });
    const res = await t.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
    expect(res.statusCode).toBe(303);
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_target');
  });

  it('signs in again without the form while the provider session lasts', async () => {
    const start = await startAuthorization(t);
    const login = await submitLogin(t, start, { username: agent.npn, password: PASSWORD });
    await followToCallback(t, start, login.json().redirectTo);
    const again = new URLSearchParams({
      client_id: WEB_CLIENT_ID,
      response_type: 'code',
      scope: OIDC_SCOPES,
      redirect_uri: start.redirectUri,
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const url = `/oidc/auth?${again}`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: start.jar.header(url) } });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location));
    expect(location.pathname).toBe('/login/callback');
    expect(location.searchParams.get('code')).toEqual(expect.any(String));
  });
});

describe('POST /oidc/token (refresh_token)', () => {
  it('rotates the refresh token and detects reuse of the old one', async () => {
    const first = await signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json<{ access_token: string; refresh_token: string; id_token: string }>();
    expect(body.refresh_token).not.toBe(first.refreshToken);
    expect(decodeJwt(body.access_token)).toMatchObject({ aud: t.config.apiAudience, sub: agent.id });
    await expect(verifier()(body.access_token)).resolves.toBe(agent.id);

    const reused = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refreshToken });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    // reuse of a rotated token revokes the whole grant, the newest refresh token included
    const afterReuse = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: body.refresh_token });
    expect(afterReuse.statusCode).toBe(400);
  });

  it('is answered by the provider, not by a Fastify route (no 415)', async () => {
    const res = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('GET /interaction/:uid/details', () => {
  it('tells the sign-in form what the interaction asks for', async () => {
    const start = await startAuthorization(t);
    const url = `/interaction/${start.uid}/details`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: start.jar.header(url) } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ uid: start.uid, prompt: 'login', clientName: t.config.providerName });
  });

  it('answers 410 without the interaction cookie or for another uid', async () => {
    const start = await startAuthorization(t);
    const bare = await t.app.inject({ method: 'GET', url: `/interaction/${start.uid}/details` });
    expect(bare.statusCode).toBe(410);
    expect(bare.headers['cache-control']).toBe('no-store');
    expect(bare.json()).toMatchObject({ message: MESSAGES.sessionExpired });

    const other = await t.app.inject({
      method: 'GET',
      url: '/interaction/someone-else/details',
      headers: { cookie: start.jar.header(`/interaction/${start.uid}/details`) },
    });
    expect(other.statusCode).toBe(410);
  });
});

describe('POST /interaction/:uid/abort', () => {
  it('sends the browser back to the web app with access_denied', async () => {
    const start = await startAuthorization(t);
    const url = `/interaction/${start.uid}/abort`;
    const res = await t.app.inject({ method: 'POST', url, headers: { cookie: start.jar.header(url) } });
    expect(res.statusCode).toBe(200);
    const callback = await followToCallback(t, start, res.json().redirectTo);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
  });
});

describe('GET /oidc/session/end (logout)', () => {
  it('ends the session with our own page and returns to the sign-in screen; its access token is refused', async () => {
    const { idToken, refreshToken, accessToken, start } = await signInThroughProvider(t, {
      username: agent.npn,
      password: PASSWORD,
    });
    const userInfo = () => t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(accessToken) });
    expect((await userInfo()).statusCode).toBe(200);

    const endUrl = `/oidc/session/end?${new URLSearchParams({
      id_token_hint: idToken,
      post_logout_redirect_uri: `${t.config.publicUrl}/sign-in`,
    })}`;
    // the web app's own Log Out: a same-origin navigation
    const page = await t.app.inject({
      method: 'GET',
      url: endUrl,
      headers: { cookie: start.jar.header(endUrl), 'sec-fetch-site': 'same-origin' },
    });
    start.jar.store(page);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Log Out');
    expect(page.body).toContain(`<script src="${LOGOUT_SCRIPT_PATH}" defer></script>`);
    expect(page.body).not.toMatch(/<script>|fonts\.googleapis|@import/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);

    const script = await t.app.inject({ method: 'GET', url: LOGOUT_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);

    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!;
    const confirmUrl = localPath(action);
    const confirm = await t.app.inject({
      method: 'POST',
      url: confirmUrl,
      headers: { cookie: start.jar.header(confirmUrl), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    start.jar.store(confirm);
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`${t.config.publicUrl}/sign-in`);

    // the session and its refresh tokens are gone: the next sign-in shows the form again
    const next = await startAuthorization(t);
    expect(next.uid).toEqual(expect.any(String));
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(refresh.statusCode).toBe(400);
    // and so is the access token, though it has most of its 15 minutes left
    const after = await userInfo();
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('waits for a click when another site (or no site) opens the page: only the web app logs out at once', async () => {
    const { idToken, accessToken, start } = await signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const endUrl = `/oidc/session/end?${new URLSearchParams({ id_token_hint: idToken })}`;
    const open = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: endUrl, headers: { cookie: start.jar.header(endUrl), ...headers } });
    const variants: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { referer: 'https://attacker.example/page' },
      {},
    ];
    for (const headers of variants) {
      const page = await open(headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Log Out');
      expect({ headers, hasScript: page.body.includes(LOGOUT_SCRIPT_PATH) }).toEqual({ headers, hasScript: false });
    }
    expect((await open({ referer: `${t.config.publicUrl}/dashboard` })).body).toContain(LOGOUT_SCRIPT_PATH);
    // nothing ended by opening it
    expect(
      (await t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(accessToken) })).statusCode,
    ).toBe(200);
  });

  it('names PUBLIC_URL in discovery and the logout form, whatever the Host header says', async () => {
    const forged = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };
    const discovery = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: forged,
    });
    expect(discovery.statusCode).toBe(200);
    const urls = Object.values(discovery.json<Record<string, unknown>>()).filter(
      (value): value is string => typeof value === 'string' && value.includes('://'),
    );
    expect(urls.length).toBeGreaterThan(4);
    for (const url of urls) expect(url.startsWith(`${t.config.oidcIssuer}/`) || url === t.config.oidcIssuer).toBe(true);

    const { idToken, start } = await signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const endUrl = `/oidc/session/end?${new URLSearchParams({ id_token_hint: idToken })}`;
    const page = await t.app.inject({
      method: 'GET',
      url: endUrl,
      headers: { cookie: start.jar.header(endUrl), ...forged },
    });
    expect(page.statusCode).toBe(200);
    expect(/action="([^"]+)"/.exec(page.body)![1]).toBe(`${t.config.oidcIssuer}/session/end/confirm`);
    expect(page.body).not.toContain('attacker.example');
  });

  it("leaves the access tokens of the agent's other sessions alone", async () => {
    const other = await signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const session = await signInThroughProvider(t, { username: agent.npn, password: PASSWORD });
    const { accessToken } = session;
    expect((await logOutThroughProvider(t, session)).statusCode).toBe(303);
    const ask = (bearerToken: string) =>
      t.app.inject({ method: 'GET', url: '/arc/user/info', headers: bearer(bearerToken) });
    expect((await ask(accessToken)).statusCode).toBe(401);
    expect((await ask(other.accessToken)).statusCode).toBe(200);
  });
});

describe('provider error page', () => {
  it('is our own plain page, without scripts or outside resources', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/oidc/auth?client_id=unknown-client&response_type=code&scope=openid',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Sign-in problem');
    expect(res.body).toContain('invalid_client');
    expect(res.body).toContain(`${t.config.publicUrl}/sign-in`);
    expect(res.body).not.toMatch(/<script|fonts\.googleapis|@import/);
  });
});

describe('oidc_payloads purge', () => {
  it('deletes expired rows and keeps live ones', async () => {
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .insert(oidcPayloads)
      .values({ id: 'expired-one', type: 'Session', payload: { jti: 'expired-one' }, expiresAt: past });
    const live = await t.database.db.select().from(oidcPayloads);
    const purged = await purgeExpiredPayloads(t.database.db);
    expect(purged).toBeGreaterThanOrEqual(1);
    const rest = await t.database.db.select().from(oidcPayloads).where(eq(oidcPayloads.id, 'expired-one'));
    expect(rest).toEqual([]);
    const after = await t.database.db.select().from(oidcPayloads);
    expect(after.length).toBe(live.length - purged);
    // the periodic job runs the same purge plus stale throttles
    await expect(purgeIdentityRows(t.database.db)).resolves.toBeUndefined();
  });
});

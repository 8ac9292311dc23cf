import { createHash, randomBytes } from 'node:crypto';
import { OIDC_SCOPES, WEB_CLIENT_ID } from '@arc/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Config } from '../config.ts';

/** What the sign-in helpers need: an app to inject into (or an HTTP target that looks like one, test/http.ts). */
export interface SignInTarget {
  app: Pick<FastifyInstance, 'inject'>;
  config: Pick<Config, 'publicUrl'>;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** Just enough of a browser's cookie store for the sign-in flow: names, values and path scoping. */
export class CookieJar {
  readonly cookies: StoredCookie[] = [];

  store(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let path = '/';
      let isExpired = value === '';
      for (const attribute of attributes) {
        const [key = '', attrValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attrValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attrValue) <= Date.now()) isExpired = true;
        if (key.toLowerCase() === 'max-age' && Number(attrValue) <= 0) isExpired = true;
      }
      const index = this.cookies.findIndex((c) => c.name === name && c.path === path);
      if (index >= 0) this.cookies.splice(index, 1);
      if (!isExpired) this.cookies.push({ name, value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url, 'http://localhost').pathname;
    return this.cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export interface AuthorizationStart {
  uid: string;
  jar: CookieJar;
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
}

/** The path and query of a URL the provider answered, so app.inject can request it. */
export const localPath = (location: string): string => {
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
};

function fail(step: string, response: LightMyRequestResponse): never {
  throw new Error(
    `${step}: HTTP ${response.statusCode} ${response.headers.location ?? ''} ${response.body.slice(0, 500)}`,
  );
}

/** GET /oidc/auth with a fresh PKCE pair (S256); answers the interaction the provider started. */
export async function startAuthorization(
  t: SignInTarget,
  extra: Record<string, string> = {},
): Promise<AuthorizationStart> {
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(8).toString('base64url');
  const nonce = randomBytes(8).toString('base64url');
  const redirectUri = `${t.config.publicUrl}/login/callback`;
  const query = new URLSearchParams({
    client_id: WEB_CLIENT_ID,
    response_type: 'code',
    scope: OIDC_SCOPES,
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...extra,
  });
  const jar = new CookieJar();
  const response = await t.app.inject({ method: 'GET', url: `/oidc/auth?${query}` });
  jar.store(response);
  const match = /\/interaction\/([^/?#]+)$/.exec(String(response.headers.location ?? ''));
  if (response.statusCode !== 303 || !match?.[1]) fail('GET /oidc/auth', response);
  return { uid: match[1], jar, verifier, state, nonce, redirectUri };
}

/** POST /interaction/:uid/login as the sign-in form does. */
export function submitLogin(
  t: SignInTarget,
  start: AuthorizationStart,
  credentials: { username: string; password: string },
  options: { remoteAddress?: string } = {},
) {
  const url = `/interaction/${start.uid}/login`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: start.jar.header(url) },
    payload: credentials,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** Follows the provider's redirects, carrying cookies, until it sends the browser to the callback. */
export async function followToCallback(t: SignInTarget, start: AuthorizationStart, redirectTo: string): Promise<URL> {
  let location = redirectTo;
  for (let hop = 0; hop < 5; hop++) {
    if (location.startsWith(start.redirectUri)) return new URL(location);
    const url = localPath(location);
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: start.jar.header(url) } });
    start.jar.store(response);
    if (response.statusCode !== 303 && response.statusCode !== 302) fail(`GET ${url}`, response);
    location = new URL(String(response.headers.location), t.config.publicUrl).href;
  }
  throw new Error(`no redirect to ${start.redirectUri} after 5 hops (last: ${location})`);
}

export function tokenRequest(t: SignInTarget, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: WEB_CLIENT_ID, ...form }).toString(),
  });
}

export interface SignedIn {
  accessToken: string;
  idToken: string;
  refreshToken: string;
  /** the authorization it went through, with the provider's session cookies (to log out, say) */
  start: AuthorizationStart;
}

/**
 * The real sign-in: authorization code + PKCE through the embedded provider and the sign-in form's
 * JSON calls, exactly as the web app does it. For tests that need a token the provider issued.
 */
export async function signInThroughProvider(
  t: SignInTarget,
  credentials: { username: string; password: string },
): Promise<SignedIn> {
  const start = await startAuthorization(t);
  const login = await submitLogin(t, start, credentials);
  if (login.statusCode !== 200) fail('POST /interaction/:uid/login', login);
  const callback = await followToCallback(t, start, login.json<{ redirectTo: string }>().redirectTo);
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== start.state) throw new Error(`bad callback ${callback.href}`);
  const token = await tokenRequest(t, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: start.redirectUri,
    code_verifier: start.verifier,
  });
  if (token.statusCode !== 200) fail('POST /oidc/token', token);
  const body = token.json<{ access_token: string; id_token: string; refresh_token: string }>();
  return { accessToken: body.access_token, idToken: body.id_token, refreshToken: body.refresh_token, start };
}

/**
 * Log Out as the web app does it: the provider's end-session page with the ID token as hint, then its confirmation
 * form. Answers the confirmation (303 when the session ended).
 */
export async function logOutThroughProvider(t: SignInTarget, { idToken, start }: SignedIn) {
  const endUrl = `/oidc/session/end?${new URLSearchParams({ id_token_hint: idToken })}`;
  const page = await t.app.inject({ method: 'GET', url: endUrl, headers: { cookie: start.jar.header(endUrl) } });
  start.jar.store(page);
  const confirmUrl = localPath(/action="([^"]+)"/.exec(page.body)![1]!);
  return t.app.inject({
    method: 'POST',
    url: confirmUrl,
    headers: { cookie: start.jar.header(confirmUrl), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      xsrf: /name="xsrf" value="([^"]+)"/.exec(page.body)![1]!,
      logout: 'yes',
    }).toString(),
  });
}

// Starts the authorization code + PKCE redirect without oidc-client-ts, so /sign-in loads no OIDC library
// (apps/web/README.md "Budget"). It stores the sign-in state exactly as oidc-client-ts's signinRedirect does
// (SigninState.toStorageString in its state store, ./oidc.ts), so the library completes the sign-in at
// /login/callback as if it had started it; sign-in-redirect.test.ts proves that with the library itself.
import { OIDC_AUTHORIZATION_ROUTE } from '@arc/contract/constants';
import { OIDC_AUTHORITY, OIDC_CLIENT_ID, OIDC_SCOPE, REDIRECT_URI } from '../config.ts';

/** the prefix of ./oidc.ts's state store (sessionStorage) */
export const OIDC_STATE_PREFIX = 'oidc.state.';

/** Nothing of ours is in localStorage any more: every `oidc.*` entry there was left by an unfinished sign-in. */
export function forgetLegacyState(): void {
  try {
    for (const key of Object.keys(window.localStorage)) {
      if (key.startsWith('oidc.')) window.localStorage.removeItem(key);
    }
  } catch {
    // storage blocked: nothing to clean
  }
}

/** oidc-client-ts's ids: a v4 UUID without its dashes */
const randomId = () => crypto.randomUUID().replaceAll('-', '');

const base64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/**
 * The provider's authorization endpoint: a fixed route of the same-origin provider (the contract's constant, which
 * its discovery document names too), so the redirect does not wait for a round trip to the discovery document.
 */
const authorizationEndpoint = () => `${OIDC_AUTHORITY.replace(/\/$/, '')}${OIDC_AUTHORIZATION_ROUTE}`;

/** The authorization URL of a new sign-in, its state stored for the callback. */
export async function createSignInUrl(): Promise<string> {
  const endpoint = authorizationEndpoint();
  const id = randomId();
  // 96 characters of [0-9a-f], as the library makes it (RFC 7636: 43 to 128 unreserved characters)
  const codeVerifier = randomId() + randomId() + randomId();
  const codeChallenge = base64Url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier)));
  const state = {
    id,
    created: Math.floor(Date.now() / 1000),
    request_type: 'si:r',
    code_verifier: codeVerifier,
    authority: OIDC_AUTHORITY,
    client_id: OIDC_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: OIDC_SCOPE,
    // the library's default (no extra token parameters)
    extraTokenParams: {},
  };
  sessionStorage.setItem(`${OIDC_STATE_PREFIX}${id}`, JSON.stringify(state));
  const url = new URL(endpoint);
  url.searchParams.append('client_id', OIDC_CLIENT_ID);
  url.searchParams.append('redirect_uri', REDIRECT_URI);
  url.searchParams.append('response_type', 'code');
  url.searchParams.append('scope', OIDC_SCOPE);
  url.searchParams.append('state', id);
  url.searchParams.append('code_challenge', codeChallenge);
  url.searchParams.append('code_challenge_method', 'S256');
  return url.href;
}

/** `replace`: /sign-in does not stay in the history, so Back never lands on a page that redirects forward again. */
export async function startSignIn(): Promise<void> {
  forgetLegacyState();
  window.location.replace(await createSignInUrl());
}

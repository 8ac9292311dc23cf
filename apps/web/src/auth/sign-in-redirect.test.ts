import { OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_AUTHORITY, OIDC_CLIENT_ID, OIDC_SCOPE, REDIRECT_URI } from '../config.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { createSignInUrl, OIDC_STATE_PREFIX } from './sign-in-redirect.ts';

const AUTHORIZE = `${window.location.origin}/oidc/auth`;

/** the library, set up as ./oidc.ts sets it up */
const library = () =>
  new OidcClient({
    authority: OIDC_AUTHORITY,
    client_id: OIDC_CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: OIDC_SCOPE,
    loadUserInfo: false,
    stateStore: new WebStorageStateStore({ store: window.sessionStorage, prefix: OIDC_STATE_PREFIX }),
  });

beforeEach(() => {
  sessionStorage.clear();
  // the library reads the discovery document; ours goes to the contract's route without it
  mockFetch({
    [`GET ${new URL(OIDC_AUTHORITY).pathname}/.well-known/openid-configuration`]: {
      body: { issuer: OIDC_AUTHORITY, authorization_endpoint: AUTHORIZE, token_endpoint: `${OIDC_AUTHORITY}/token` },
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createSignInUrl (the sign-in redirect without oidc-client-ts)', () => {
  it('asks for the code with PKCE S256, the same parameters as the library', async () => {
    const ours = new URL(await createSignInUrl());
    const theirs = new URL((await library().createSigninRequest({ request_type: 'si:r' })).url);
    expect(`${ours.origin}${ours.pathname}`).toBe(AUTHORIZE);
    expect(`${theirs.origin}${theirs.pathname}`).toBe(AUTHORIZE);
    expect([...ours.searchParams.keys()]).toEqual([...theirs.searchParams.keys()]);
    for (const key of ['client_id', 'redirect_uri', 'response_type', 'scope', 'code_challenge_method']) {
      expect(ours.searchParams.get(key)).toBe(theirs.searchParams.get(key));
    }
    expect(ours.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('stores a state the library reads back at the callback, with the verifier of the challenge', async () => {
    const url = new URL(await createSignInUrl());
    const id = url.searchParams.get('state')!;
    const stored = JSON.parse(sessionStorage.getItem(`${OIDC_STATE_PREFIX}${id}`)!) as Record<string, unknown>;
    const theirs = await library().createSigninRequest({ request_type: 'si:r' });
    const theirStored = JSON.parse(sessionStorage.getItem(`${OIDC_STATE_PREFIX}${theirs.state.id}`)!) as object;
    expect(Object.keys(stored).sort()).toEqual(Object.keys(theirStored).sort());

    const { state } = await library().readSigninResponseState(`${REDIRECT_URI}?code=abc&state=${id}`);
    expect(state.id).toBe(id);
    expect(state.client_id).toBe(OIDC_CLIENT_ID);
    expect(state.redirect_uri).toBe(REDIRECT_URI);
    expect(state.authority).toBe(OIDC_AUTHORITY);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(state.code_verifier));
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(url.searchParams.get('code_challenge')).toBe(challenge);
  });
});

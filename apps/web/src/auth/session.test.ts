import { SIGNED_IN_HINT_COOKIE } from '@arc/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '../api/client.ts';
import { getSession, setSession, STORED_SESSION_KEY } from './session-store.ts';
import { restartSignIn, restoreSession, signIn, takeSignInPaused } from './session.ts';

const oidc = vi.hoisted(() => ({ startSignIn: vi.fn(), forgetUser: vi.fn(), loadUser: vi.fn() }));
vi.mock('./oidc.ts', () => ({ startSignIn: oidc.startSignIn, forgetUser: oidc.forgetUser, loadUser: oidc.loadUser }));

const signedIn = () => setSession({ status: 'signedIn', accessToken: 'access-token', idToken: 'id-token' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
  oidc.startSignIn.mockReset().mockResolvedValue(undefined);
  oidc.forgetUser.mockReset().mockResolvedValue(undefined);
  oidc.loadUser.mockReset().mockResolvedValue(null);
  sessionStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('restartSignIn (a 401 on an agent call)', () => {
  it('signs in again at once the first time, and forgets the tokens', async () => {
    signedIn();
    restartSignIn();
    expect(getSession()).toMatchObject({ status: 'signedOut', accessToken: null });
    await vi.waitFor(() => expect(oidc.startSignIn).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(oidc.forgetUser).toHaveBeenCalled());
    expect(takeSignInPaused()).toBe(false);
  });

  it('starts one redirect for the 401s of several calls in flight, and the sign-in screen joins it', async () => {
    signedIn();
    restartSignIn();
    restartSignIn();
    const screen = signIn();
    await vi.waitFor(() => expect(oidc.startSignIn).toHaveBeenCalledTimes(1));
    await screen;
    expect(oidc.startSignIn).toHaveBeenCalledTimes(1);
    // the second 401 is not taken for a loop
    expect(takeSignInPaused()).toBe(false);
  });

  it('stops a loop: a second 401 within a minute pauses sign-in instead of redirecting again', async () => {
    signedIn();
    restartSignIn();
    await vi.waitFor(() => expect(oidc.startSignIn).toHaveBeenCalledTimes(1));

    vi.setSystemTime(new Date('2026-11-23T10:00:59Z'));
    signedIn();
    restartSignIn();
    await Promise.resolve();
    expect(oidc.startSignIn).toHaveBeenCalledTimes(1);
    expect(getSession().status).toBe('signedOut');
    // the sign-in screen asks once, then starts normally
    expect(takeSignInPaused()).toBe(true);
    expect(takeSignInPaused()).toBe(false);
  });

  it('restarts again once the minute has passed', async () => {
    signedIn();
    restartSignIn();
    await vi.waitFor(() => expect(oidc.startSignIn).toHaveBeenCalledTimes(1));
    vi.setSystemTime(new Date('2026-11-23T10:01:01Z'));
    signedIn();
    restartSignIn();
    await vi.waitFor(() => expect(oidc.startSignIn).toHaveBeenCalledTimes(2));
    expect(takeSignInPaused()).toBe(false);
  });

  it('is what the API client calls on a 401 to a call that carried the session token', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'UNAUTHORIZED', message: 'Token expired' }, { status: 401 })),
    );
    const { getCurrentAgent } = await import('@arc/contract');
    await expect(apiFetch(getCurrentAgent, {})).rejects.toMatchObject({ status: 401 });
    expect(getSession().status).toBe('signedOut');
    await vi.waitFor(() => expect(oidc.startSignIn).toHaveBeenCalledTimes(1));
  });
});

describe('restoreSession (a page load with a stored session)', () => {
  const store = (secondsLeft: number, accessToken = 'stored-access') =>
    sessionStorage.setItem(
      STORED_SESSION_KEY,
      JSON.stringify({ accessToken, idToken: 'stored-id', expiresAt: Date.now() / 1000 + secondsLeft }),
    );

  it('restores a token good for more than two minutes without loading the OIDC library', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({})),
    );
    store(3600);
    await restoreSession();
    expect(getSession()).toEqual({ status: 'signedIn', accessToken: 'stored-access', idToken: 'stored-id' });
    expect(oidc.loadUser).not.toHaveBeenCalled();
  });

  it('ends the session when a call answers 401', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'UNAUTHORIZED', message: 'Token expired' }, { status: 401 })),
    );
    store(3600, 'expired-access');
    await restoreSession();
    const { getCurrentAgent } = await import('@arc/contract');
    await expect(apiFetch(getCurrentAgent, {})).rejects.toMatchObject({ status: 401 });
    expect(getSession().status).toBe('signedOut');
  });

  it('lets the library renew a token about to expire', async () => {
    store(60);
    oidc.loadUser.mockResolvedValue({ access_token: 'renewed', id_token: 'id', expired: false });
    await restoreSession();
    expect(oidc.loadUser).toHaveBeenCalledTimes(1);
    expect(getSession()).toEqual({ status: 'signedIn', accessToken: 'renewed', idToken: 'id' });
  });

  it('is signed out without a stored session', async () => {
    await restoreSession();
    expect(getSession().status).toBe('signedOut');
  });

  it('keeps the signed-in hint cookie (no token in it) while signed in, and drops it when signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({})),
    );
    store(3600, 'hint-access');
    await restoreSession();
    expect(document.cookie).toContain(`${SIGNED_IN_HINT_COOKIE}=1`);
    expect(document.cookie).not.toContain('hint-access');
    sessionStorage.clear();
    await restoreSession();
    expect(document.cookie).not.toContain(SIGNED_IN_HINT_COOKIE);
  });
});

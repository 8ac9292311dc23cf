import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORED_SESSION_KEY } from './session-store.ts';
import {
  finishStaffSignIn,
  restoreStaffSession,
  signOutStaff,
  STAFF_IDLE_MS,
  STAFF_SESSION_KEY,
  staffAccessToken,
  watchStaffIdle,
} from './staff-session.ts';

const oidc = vi.hoisted(() => ({
  startSignIn: vi.fn(),
  loadUser: vi.fn(),
  finishSignIn: vi.fn(),
  endSession: vi.fn(),
  /** what the session gave the library to call with each user it loads (plain: kept across tests) */
  onUser: null as ((user: unknown) => void) | null,
  watchUser(onUser: (user: unknown) => void) {
    oidc.onUser = onUser;
  },
}));
vi.mock('./staff-oidc.ts', () => oidc);

const store = (secondsLeft: number, accessToken = 'staff-access') =>
  sessionStorage.setItem(
    STAFF_SESSION_KEY,
    JSON.stringify({ accessToken, idToken: 'staff-id', expiresAt: Date.now() / 1000 + secondsLeft }),
  );

beforeEach(async () => {
  oidc.loadUser.mockReset().mockResolvedValue(null);
  oidc.finishSignIn.mockReset();
  oidc.endSession.mockReset().mockResolvedValue(undefined);
  sessionStorage.clear();
  await signOutStaff();
  oidc.endSession.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the staff session (a page load restores it without the OIDC library)', () => {
  it('restores a token good for more than two minutes from its own key, without loading the library', async () => {
    store(3600);
    await restoreStaffSession();
    expect(staffAccessToken()).toBe('staff-access');
    expect(oidc.loadUser).not.toHaveBeenCalled();
  });

  it("never takes the agent's session", async () => {
    sessionStorage.setItem(
      STORED_SESSION_KEY,
      JSON.stringify({ accessToken: 'agent-access', idToken: null, expiresAt: Date.now() / 1000 + 3600 }),
    );
    await restoreStaffSession();
    expect(staffAccessToken()).toBeNull();
  });

  it('loads the library two minutes before the token expires, which renews it with the refresh token', async () => {
    vi.useFakeTimers();
    store(600);
    await restoreStaffSession();
    expect(oidc.loadUser).not.toHaveBeenCalled();
    oidc.loadUser.mockResolvedValue({ access_token: 'renewed', id_token: 'staff-id', expires_at: 0 });
    await vi.advanceTimersByTimeAsync(480 * 1000);
    expect(oidc.loadUser).toHaveBeenCalledTimes(1);
  });

  it('lets the library renew a token about to expire, and keeps the renewed one across a page load', async () => {
    store(60);
    const expiresAt = Math.floor(Date.now() / 1000) + 900;
    oidc.loadUser.mockResolvedValue({ access_token: 'renewed', id_token: 'staff-id', expires_at: expiresAt });
    await restoreStaffSession();
    expect(oidc.loadUser).toHaveBeenCalledTimes(1);
    expect(staffAccessToken()).toBe('renewed');
    expect(JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY) ?? '{}')).toMatchObject({
      accessToken: 'renewed',
      expiresAt,
    });
  });

  it('keeps the session a finished sign-in answers', async () => {
    oidc.finishSignIn.mockResolvedValue({ access_token: 'fresh', id_token: 'staff-id', expires_at: 2e9 });
    await finishStaffSignIn();
    expect(staffAccessToken()).toBe('fresh');
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toContain('fresh');
  });

  it("keeps what the library's renewals load, once it is loaded", async () => {
    oidc.finishSignIn.mockResolvedValue({ access_token: 'fresh', id_token: 'staff-id', expires_at: 2e9 });
    await finishStaffSignIn();
    const onUser = oidc.onUser!;
    onUser({ access_token: 'renewed', id_token: 'staff-id', expires_at: 2e9 + 900 });
    expect(staffAccessToken()).toBe('renewed');
    onUser(null);
    expect(staffAccessToken()).toBeNull();
  });

  it('signs out: forgets the tokens here and ends the provider session with the ID token', async () => {
    store(3600);
    await restoreStaffSession();
    await signOutStaff();
    expect(staffAccessToken()).toBeNull();
    expect(sessionStorage.getItem(STAFF_SESSION_KEY)).toBeNull();
    expect(oidc.endSession).toHaveBeenCalledWith('staff-id');
  });
});

describe('watchStaffIdle', () => {
  it('signs out after 30 minutes without a key, click or touch, and not while the staff member is active', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const stop = watchStaffIdle(onIdle);
    expect(STAFF_IDLE_MS).toBe(30 * 60 * 1000);
    vi.advanceTimersByTime(STAFF_IDLE_MS - 1000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(STAFF_IDLE_MS - 1000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops watching when asked', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    watchStaffIdle(onIdle, 1000)();
    vi.advanceTimersByTime(5000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

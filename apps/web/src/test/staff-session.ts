import { onTestFinished } from 'vitest';
import { setStaffSessionFromUser } from '../auth/staff-session.ts';

/**
 * A signed-in staff member for one test, through the real staff session (never a module mock: with the workers'
 * shared module cache, a mocked session module may or may not be the one the staff client already imported). Signed
 * out again when the test finishes.
 */
export function signInStaffForTest(accessToken = 'staff-token'): void {
  setStaffSessionFromUser({ access_token: accessToken, expires_at: Math.floor(Date.now() / 1000) + 3600 });
  onTestFinished(() => setStaffSessionFromUser(null));
}

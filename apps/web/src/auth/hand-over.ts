import { lockDevice } from './device-lock.ts';
import { rememberReturnTo, signOut } from './session.ts';

/**
 * "Sign on this device": the signing page opens in a window of its own, with no history, no opener and no
 * referrer (a popup blocker leaves the lock screen's link to it), then this browser's agent pages lock
 * (./device-lock.ts) and the session ends here and at the provider, as Log Out does. Nothing of the agent's is
 * left to go Back to, and only the agent's password opens their pages again.
 */
export async function handOverDevice(signingPath: string): Promise<void> {
  window.open(signingPath, '_blank', 'noopener,noreferrer');
  lockDevice(signingPath);
  rememberReturnTo(`${window.location.pathname}${window.location.search}`);
  await signOut();
}

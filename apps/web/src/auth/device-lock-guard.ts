import { useSyncExternalStore } from 'react';
import { paths } from '../paths.ts';
import { isDeviceLocked } from './device-lock-flag.ts';

/*
 * What every agent page needs of the device lock (./device-lock.ts): whether it is set, live, and which pages stay
 * open. Apart from the lock itself, so the pages carry only these few bytes.
 */

/** The lock screen's heading (shell/device-lock-screen.tsx, loaded when locked), and the page title meanwhile. */
export const DEVICE_LOCK_TITLE = 'Locked while the beneficiary signs';

/** The public signing page (the contract's `soaPaths.sign`, not imported: signed-out pages stay small). */
const SIGNING_PAGE = /^\/soa\/sign\/[\w%.~-]+$/;

/** Only a signing page is opened again from the lock screen, never another address kept in storage. */
export const isSigningPath = (path: unknown): path is string => typeof path === 'string' && SIGNING_PAGE.test(path);

/** The pages a locked device still shows: the signing page (the beneficiary's) and the end of the agent's sign-in. */
export const isOpenWhileLocked = (pathname: string): boolean =>
  pathname === paths.loginCallback || SIGNING_PAGE.test(pathname);

const listeners = new Set<() => void>();
export const notifyDeviceLock = () => {
  for (const listener of listeners) listener();
};

/** Whether a lock is set, live: this tab's changes and, through the `storage` event, every other tab's. */
export function useIsDeviceLocked(): boolean {
  return useSyncExternalStore(subscribe, isDeviceLocked, isDeviceLocked);
}

/** Subscribes to the lock's changes, here and in other tabs. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

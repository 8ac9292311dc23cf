import { useSyncExternalStore } from 'react';
import { DEVICE_LOCK_KEY } from './device-lock-flag.ts';
import { isSigningPath, notifyDeviceLock, subscribe } from './device-lock-guard.ts';

/**
 * The device lock: "Sign on this device" hands the agent's device to a beneficiary. The signing page opens in a
 * window of its own with no history (`noopener,noreferrer`), and every tab of the agent's shows the lock screen
 * instead of their pages until the agent signs in again with their password. The lock is kept in localStorage, so
 * it covers every tab of this browser and survives a reload or a new tab; the sign-in that lifts it asks the
 * provider for a fresh sign-in (`prompt=login`), and the provider session was ended when the lock was set, so a
 * cleared flag alone lets nobody in.
 */
export interface DeviceLock {
  /** when the device was handed over (epoch milliseconds) */
  lockedAt: number;
  /** the signing page that was opened, to open again if the browser blocked the window (a single-use link) */
  signingPath: string | null;
}

function parse(stored: string | null): DeviceLock | null {
  if (stored === null) return null;
  let value: Partial<DeviceLock> | null = null;
  try {
    value = JSON.parse(stored) as Partial<DeviceLock> | null;
  } catch {
    // something unreadable under the key is still a lock: only a sign-in lifts it
  }
  return {
    lockedAt: typeof value?.lockedAt === 'number' ? value.lockedAt : 0,
    signingPath: isSigningPath(value?.signingPath) ? value.signingPath : null,
  };
}

let cachedRaw: string | null | undefined;
let cachedLock: DeviceLock | null = null;

/** The lock of this browser, or null. The same object while the stored value is unchanged (useSyncExternalStore). */
export function readDeviceLock(): DeviceLock | null {
  const raw = localStorage.getItem(DEVICE_LOCK_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedLock = parse(raw);
  }
  return cachedLock;
}

export function lockDevice(signingPath: string | null, now = Date.now()): void {
  const lock: DeviceLock = { lockedAt: now, signingPath: isSigningPath(signingPath) ? signingPath : null };
  localStorage.setItem(DEVICE_LOCK_KEY, JSON.stringify(lock));
  notifyDeviceLock();
}

/** Lifted only by a completed sign-in (features/identity/login-callback-page.tsx). */
export function unlockDevice(): void {
  localStorage.removeItem(DEVICE_LOCK_KEY);
  notifyDeviceLock();
}

/** The lock, live: this tab's changes and, through the `storage` event, every other tab's. */
export function useDeviceLock(): DeviceLock | null {
  return useSyncExternalStore(subscribe, readDeviceLock, readDeviceLock);
}

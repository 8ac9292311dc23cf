/** Where the device lock is kept (./device-lock.ts); apart, so the sign-in page's entry checks it for a few bytes. */
export const DEVICE_LOCK_KEY = 'arc.deviceLock';

/** Whether a lock is set, without reading it. */
export const isDeviceLocked = (): boolean => localStorage.getItem(DEVICE_LOCK_KEY) !== null;

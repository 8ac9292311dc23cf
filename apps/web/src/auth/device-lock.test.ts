import { afterEach, describe, expect, it } from 'vitest';
import { DEVICE_LOCK_KEY } from './device-lock-flag.ts';
import { lockDevice, readDeviceLock, unlockDevice } from './device-lock.ts';

afterEach(() => localStorage.clear());

describe('the device lock', () => {
  it('is kept in localStorage (every tab, across a reload) until a sign-in lifts it', () => {
    expect(readDeviceLock()).toBeNull();
    lockDevice('/soa/sign/tok_EN-123', 1_000);
    expect(readDeviceLock()).toEqual({ lockedAt: 1_000, signingPath: '/soa/sign/tok_EN-123' });
    expect(JSON.parse(localStorage.getItem(DEVICE_LOCK_KEY)!)).toMatchObject({ lockedAt: 1_000 });
    unlockDevice();
    expect(readDeviceLock()).toBeNull();
  });

  it('keeps only a signing page to open again, and an unreadable value still locks', () => {
    lockDevice('https://evil.example/soa/sign/x');
    expect(readDeviceLock()?.signingPath).toBeNull();
    localStorage.setItem(DEVICE_LOCK_KEY, JSON.stringify({ signingPath: '//evil.example' }));
    expect(readDeviceLock()).toEqual({ lockedAt: 0, signingPath: null });
    localStorage.setItem(DEVICE_LOCK_KEY, '{not json');
    expect(readDeviceLock()).toEqual({ lockedAt: 0, signingPath: null });
  });
});

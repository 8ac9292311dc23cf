import { afterEach, describe, expect, it, vi } from 'vitest';
import { STAFF_IDLE_MS, watchStaffIdle } from './staff-session.ts';

afterEach(() => {
  vi.useRealTimers();
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

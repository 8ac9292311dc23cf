import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReadiness, type Readiness } from './readiness.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createReadiness', () => {
  let readiness: Readiness | undefined;
  afterEach(async () => {
    await readiness?.close();
  });

  it('asks the database on its timer, not per question, and follows a failure and a recovery', async () => {
    let failing = false;
    const ping = vi.fn(async () => {
      if (failing) throw new Error('connection refused');
    });
    readiness = createReadiness(ping, { refreshMs: 20, timeoutMs: 60 });
    await readiness.firstAnswer;
    expect(readiness.isReady()).toBe(true);
    const before = ping.mock.calls.length;
    for (let i = 0; i < 10_000; i++) expect(readiness.isReady()).toBe(true);
    expect(ping.mock.calls.length).toBe(before);

    failing = true;
    await vi.waitFor(() => expect(readiness!.isReady()).toBe(false), { timeout: 200, interval: 5 });
    failing = false;
    await vi.waitFor(() => expect(readiness!.isReady()).toBe(true), { timeout: 200, interval: 5 });
  });

  it('counts a ping that hangs past the timeout as a failure', async () => {
    // the clock is the test's: under a loaded machine a wall-clock bound would measure the machine, not the rule
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      let hang = false;
      let release: (() => void) | undefined;
      const ping = vi.fn(() => (hang ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()));
      readiness = createReadiness(ping, { refreshMs: 20, timeoutMs: 60 });
      await readiness.firstAnswer;
      expect(readiness.isReady()).toBe(true);
      hang = true;
      // the next refresh sends the ping that hangs; it is not yet late
      await vi.advanceTimersByTimeAsync(20);
      expect(readiness.isReady()).toBe(true);
      await vi.advanceTimersByTimeAsync(60);
      expect(readiness.isReady()).toBe(true);
      // one refresh interval plus the timeout after the database stopped answering, it is not ready
      await vi.advanceTimersByTimeAsync(1);
      expect(readiness.isReady()).toBe(false);
      // one ping waits; no others pile up behind it
      const calls = ping.mock.calls.length;
      await vi.advanceTimersByTimeAsync(200);
      expect(ping.mock.calls.length).toBe(calls);
      expect(readiness.isReady()).toBe(false);
      // the late answer comes: ready again
      hang = false;
      release?.();
      await vi.advanceTimersByTimeAsync(0);
      expect(readiness.isReady()).toBe(true);
      await readiness.close();
      readiness = undefined;
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops pinging when closed', async () => {
    const ping = vi.fn(async () => {});
    readiness = createReadiness(ping, { refreshMs: 10, timeoutMs: 50 });
    await readiness.close();
    const calls = ping.mock.calls.length;
    await sleep(50);
    expect(ping.mock.calls.length).toBe(calls);
  });
});

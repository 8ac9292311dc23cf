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
    let hang = false;
    let release: (() => void) | undefined;
    const ping = vi.fn(() => (hang ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()));
    readiness = createReadiness(ping, { refreshMs: 20, timeoutMs: 60 });
    await readiness.firstAnswer;
    expect(readiness.isReady()).toBe(true);
    hang = true;
    const started = performance.now();
    await vi.waitFor(() => expect(readiness!.isReady()).toBe(false), { timeout: 500, interval: 5 });
    // at most one refresh interval plus the timeout
    expect(performance.now() - started).toBeLessThan(20 + 60 + 40);
    // one ping waits; no others pile up behind it
    await sleep(100);
    expect(ping.mock.calls.length).toBeLessThanOrEqual(5);
    hang = false;
    release?.();
    await vi.waitFor(() => expect(readiness!.isReady()).toBe(true), { timeout: 200, interval: 5 });
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

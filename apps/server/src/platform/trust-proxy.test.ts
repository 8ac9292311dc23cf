import type { InjectOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Each request claims another client address; `n` picks a fresh NPN so only the per-IP limit counts. */
type Call = { limit: number; request: (n: number) => InjectOptions };

const CALLS: Record<string, Call> = {
  'POST /interaction/:uid/login (sign-in)': {
    limit: 30,
    request: () => ({
      method: 'POST',
      url: '/interaction/no-such-uid/login',
      payload: { username: 'demo', password: 'Wrong-Password-1' },
    }),
  },
  'POST /arc/registeraccount': {
    limit: 10,
    request: (n) => ({
      method: 'POST',
      url: '/arc/registeraccount',
      payload: { agentNum: String(90_000_000 + n), action: 'registeraccount' },
    }),
  },
  'POST /arc/forgotpassword': {
    limit: 10,
    request: (n) => ({
      method: 'POST',
      url: '/arc/forgotpassword',
      payload: { agentNum: String(91_000_000 + n), action: 'forgotpassword' },
    }),
  },
  'POST /arc/telemetry': {
    limit: 60,
    request: () => ({ method: 'POST', url: '/arc/telemetry', payload: { event: 'page_view' } }),
  },
};

const spoofed = (n: number) => `198.51.100.${n % 250}, 203.0.113.${n % 250}`;

/** Sends limit + 1 requests, each with a made-up X-Forwarded-For; answers the last status. */
async function lastStatus(app: TestApp['app'], call: Call, headersFor: (n: number) => Record<string, string>) {
  let status = 0;
  for (let n = 0; n <= call.limit; n += 1) {
    const options = call.request(n);
    const res = await app.inject({ ...options, headers: { ...options.headers, ...headersFor(n) } });
    status = res.statusCode;
  }
  return status;
}

describe('per-IP limits and X-Forwarded-For', () => {
  for (const [name, call] of Object.entries(CALLS)) {
    it(`${name}: a made-up X-Forwarded-For does not dodge the limit (no TRUST_PROXY, PUBLIC_URL https)`, async () => {
      t = await createTestApp({ env: { PUBLIC_URL: 'https://arc.example.com' } });
      expect(await lastStatus(t.app, call, (n) => ({ 'x-forwarded-for': spoofed(n) }))).toBe(429);
    });
  }

  it('TRUST_PROXY=1: the address the one trusted proxy saw counts, not what the client wrote before it', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://arc.example.com', TRUST_PROXY: '1' } });
    const call = CALLS['POST /arc/registeraccount']!;
    // the client makes up the first entry; the proxy appends the address it saw (always the same here)
    expect(await lastStatus(t.app, call, (n) => ({ 'x-forwarded-for': `198.51.100.${n}, 203.0.113.7` }))).toBe(429);
  });

  it('TRUST_PROXY=1: different clients behind the proxy have limits of their own', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const call = CALLS['POST /arc/registeraccount']!;
    expect(await lastStatus(t.app, call, (n) => ({ 'x-forwarded-for': `203.0.113.${n}` }))).toBe(200);
  });

  it('TRUST_PROXY with an address list ignores X-Forwarded-For from any other peer', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1, 10.0.1.0/24' } });
    const call = CALLS['POST /arc/forgotpassword']!;
    // app.inject comes from 127.0.0.1, which is not in the list
    expect(await lastStatus(t.app, call, (n) => ({ 'x-forwarded-for': `203.0.113.${n}` }))).toBe(429);
  });
});

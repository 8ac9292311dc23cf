import { afterEach, describe, expect, it } from 'vitest';
import { prepareServer, type PreparedServer } from '../test/prepared-server.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { bearer } from '../test/tokens.ts';

/**
 * The real server process under input meant to hold it: the server keeps answering everyone else, and the
 * hostile call is answered (or cut) promptly.
 */
let prepared: PreparedServer | undefined;
let server: ServerProcess | undefined;
afterEach(async () => {
  server?.kill('SIGKILL');
  await server?.exited;
  server = undefined;
  await prepared?.cleanup();
  prepared = undefined;
});

/** how long `call` took to settle, in ms, and what it answered */
async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await call();
  return { ms: performance.now() - started, value };
}

describe('GET /arc/geo/address-suggestions (real server process)', () => {
  it('answers a query of repeated separators at once, and /readyz answers within a second meanwhile', async () => {
    const p = (prepared = await prepareServer());
    const started = (server = await startServerProcess(p.env));
    const search = (q: string) =>
      timed(async () => {
        const res = await fetch(`${started.url}/arc/geo/address-suggestions?${new URLSearchParams({ q })}`, {
          headers: bearer(p.token),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      });
    // warm: the first calls of a fresh process load and compile the route's code
    expect((await search('123 Main St Madis')).value.status).toBe(200);
    expect((await fetch(`${started.url}/readyz`)).status).toBe(200);
    // the query (188 characters) and the longest one the contract accepts, five of each at once
    const hostile = [`${'& '.repeat(90)}County R`, `${'& '.repeat(71)}County R`];
    const calls = hostile.flatMap((q) => Array.from({ length: 5 }, () => search(q)));
    const ready = await timed(async () => (await fetch(`${started.url}/readyz`)).status);
    const answers = await Promise.all(calls);
    expect(ready).toMatchObject({ value: 200 });
    expect(ready.ms).toBeLessThan(1000);
    expect(answers.map((a) => a.value.status)).toEqual([...Array<number>(5).fill(400), ...Array<number>(5).fill(200)]);
    expect(answers[0]!.value.body).toMatchObject({ message: expect.stringContaining('at most 150 characters') });
    expect(answers[9]!.value.body).toEqual({ suggestions: [] });
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(2000);
  }, 90_000);
});

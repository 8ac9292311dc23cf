import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessLog } from './access-log.ts';

/** A Fastify app with the server's access log (as app.ts builds it), logging at info into `lines`. */
async function appLoggingInto(lines: Record<string, unknown>[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, logController: new AccessLog() });
  app.get('/arc/download/:token', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the access log', () => {
  it('writes one line per request: request id, method, route, status and time, never the token in the path', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await appLoggingInto(lines);
    await app.inject({ method: 'GET', url: '/arc/download/secret-token?x=1' });
    await app.inject({ method: 'POST', url: '/nowhere?secret=1' });
    await app.close();
    // nothing else about the two requests: no "incoming request", no "Route … not found"
    const requests = lines.filter((line) => line.reqId !== undefined);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/arc/download/:token',
      status: 200,
    });
    expect(requests[1]).toMatchObject({ method: 'POST', route: '/nowhere', status: 404 });
    expect(requests[0]!.reqId).not.toBe(requests[1]!.reqId);
    expect(typeof requests[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });
});

import { ErrorResponseSchema } from '@arc/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** exactly `{ code, message }` (and field errors), with one of the app's codes rather than Fastify's own */
const AppErrorShape = z.strictObject(ErrorResponseSchema.shape);

describe("Fastify's own errors (FST_ERR_*)", () => {
  const json = { 'content-type': 'application/json' };
  const cases: Array<{ kind: string; request: InjectOptions; status: number; code: string; message: RegExp }> = [
    {
      kind: 'a body that is not JSON',
      request: { method: 'POST', url: '/arc/forgotpassword', headers: json, payload: '{"email":' },
      status: 400,
      code: 'BAD_REQUEST',
      message: /not valid JSON/,
    },
    {
      kind: 'an empty JSON body',
      request: { method: 'POST', url: '/arc/forgotpassword', headers: json, payload: '' },
      status: 400,
      code: 'BAD_REQUEST',
      message: /empty/,
    },
    {
      kind: 'a media type the call does not take',
      request: { method: 'POST', url: '/arc/forgotpassword', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: /content type/i,
    },
    {
      kind: 'a body over the limit',
      request: {
        method: 'POST',
        url: '/arc/forgotpassword',
        headers: json,
        payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }),
      },
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: /too large/,
    },
    {
      kind: 'a path that is not valid percent-encoding',
      request: { method: 'GET', url: '/arc/%E0%A4%A' },
      status: 400,
      code: 'BAD_REQUEST',
      message: /not a valid address/,
    },
    {
      kind: 'a path parameter over the router’s length limit',
      request: { method: 'GET', url: `/arc/download/${'1'.repeat(500)}` },
      status: 414,
      code: 'BAD_REQUEST',
      message: /too long/,
    },
  ];

  for (const { kind, request, status, code, message } of cases) {
    it(`answers ${kind} with ${status} in the app's error shape`, async () => {
      const res = await t.app.inject({
        ...request,
        remoteAddress: `10.9.0.${cases.findIndex((c) => c.kind === kind)}`,
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = AppErrorShape.parse(res.json());
      expect(body.code).toBe(code);
      expect(body.message).toMatch(message);
      expect(res.body).not.toMatch(/FST_/);
    });
  }
});

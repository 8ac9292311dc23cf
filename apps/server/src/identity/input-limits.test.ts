import { PASSWORD_TOO_LONG } from '@arc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { startAuthorization } from '../test/sign-in.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TOO_LONG_PASSWORD = `Aa1${'x'.repeat(297)}`;

describe('over-long input is refused in plain words (docs/decisions/contract.md)', () => {
  it('POST /interaction/:uid/login: a 300-character password', async () => {
    const start = await startAuthorization(t);
    const url = `/interaction/${start.uid}/login`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: start.jar.header(url) },
      payload: { username: 'demo', password: TOO_LONG_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ password: [PASSWORD_TOO_LONG] });
    expect(res.body).not.toMatch(/Too big|expected string/);
  });

  it('POST /arc/register/password: a 300-character password that meets every other rule', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/register/password',
      headers: { authorization: 'Bearer some-link-token' },
      payload: { password: TOO_LONG_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ password: [PASSWORD_TOO_LONG] });
  });

  it('POST /arc/forgotpassword: a 30-digit NPN', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/forgotpassword',
      payload: { agentNum: '1'.repeat(30), action: 'forgotpassword' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ agentNum: ['NPN must be 20 digits or fewer.'] });
  });

  it('128 characters is still a password; 129 emoji-free characters are not', async () => {
    const exactly = `Aa1${'x'.repeat(125)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/register/password',
      headers: { authorization: 'Bearer some-link-token' },
      payload: { password: exactly },
    });
    // the length passes; the made-up link token is what fails
    expect(res.statusCode).toBe(410);
  });
});

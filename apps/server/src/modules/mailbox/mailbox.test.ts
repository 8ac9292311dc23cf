import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { DEMO_DATA: 'true' } });
  const { mailer } = t.app.deps;
  await mailer.send({ to: 'first@agents.example', subject: 'First message', text: 'Hello first' });
  await mailer.send({
    to: 'second@agents.example',
    subject: 'Reset <script>alert(1)</script> & more',
    text: 'Choose a password: http://localhost:8080/forgotpass/abc_123-XYZ\nThe link is valid for 24 hours. <img src=x onerror=alert(1)>',
    html: '<p>ignored by the page</p><script>alert(2)</script>',
  });
});
afterAll(async () => {
  await t?.close();
});

describe('GET /dev/mailbox/messages', () => {
  it('lists the outbox newest first with the links of each message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json<{
      messages: { to: string; subject: string; links: string[]; createdAt: string }[];
    }>();
    expect(messages.map((m) => m.to)).toEqual(['second@agents.example', 'first@agents.example']);
    expect(messages[0]!.links).toEqual(['http://localhost:8080/forgotpass/abc_123-XYZ']);
    expect(messages[1]!.links).toEqual([]);
    expect(Number.isNaN(Date.parse(messages[0]!.createdAt))).toBe(false);
  });

  it('filters by recipient and limits the count', async () => {
    const byRecipient = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?to=first@agents.example' });
    expect(byRecipient.json().messages.map((m: { subject: string }) => m.subject)).toEqual(['First message']);
    const limited = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?limit=1' });
    expect(limited.json().messages).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('GET /dev/mailbox', () => {
  it('renders the messages as an escaped page with clickable links and no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const html = res.body;
    expect(html).not.toMatch(/<script|<img|https?:\/\/(?!localhost:8080\/forgotpass)/);
    expect(html).toContain('Reset &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain(
      '<a href="http://localhost:8080/forgotpass/abc_123-XYZ">http://localhost:8080/forgotpass/abc_123-XYZ</a>',
    );
    expect(html.indexOf('second@agents.example')).toBeLessThan(html.indexOf('first@agents.example'));
  });
});

describe('without demo data', () => {
  it('does not exist', async () => {
    const plain = await createTestApp({ databaseOf: t });
    try {
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });
});

describe('GET /dev/mailbox without demo mode', () => {
  it('is not served by a server started without DEMO_DATA, even on the embedded database', async () => {
    const plain = await createTestApp({ env: { DEMO_DATA: '' }, databaseOf: t });
    try {
      expect(plain.config.databaseUrl).toBeUndefined();
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
        expect((await plain.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await plain.close();
    }
  });
});

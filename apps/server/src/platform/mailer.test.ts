import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.ts';
import { insertAgent } from '../seed/factories.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { waitForMail } from '../test/mail.ts';
import { createMailer } from './mailer.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const REJECTED = 'rejected@agents.example';

/** A real SMTP server on a random loopback port that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (address.address === REJECTED) return callback(new Error('Mailbox unavailable'));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    async next(count: number, timeoutMs = 5000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`SMTP server received ${received.length} of ${count} messages`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in the message source. */
const decodeQuotedPrintable = (source: string) =>
  source.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('mailer with SMTP_URL', () => {
  it('sends the registration e-mail over SMTP and records it in the outbox', async () => {
    const agent = await insertAgent(t.database.db, { password: null });
    const res = await t.app.inject({
      method: 'POST',
      url: '/arc/registeraccount',
      payload: { agentNum: agent.npn, action: 'registeraccount' },
    });
    expect(res.statusCode).toBe(200);

    const [message] = await smtp.next(1);
    expect(message!.to).toEqual([agent.email]);
    expect(message!.from).toBe('no-reply@arc.example');
    const source = decodeQuotedPrintable(message!.data);
    expect(source).toMatch(/^Subject: Finish your ARC registration$/m);
    expect(source).toMatch(new RegExp(`^To: ${agent.email}$`, 'm'));
    const link = /http:\/\/localhost:8080\/register\/[\w-]+/.exec(source)?.[0];
    expect(link).toBeDefined();
    expect(source).toContain('24 hours');

    const [row] = await waitForMail(t, agent.email);
    expect(row!.text).toContain(link!);
    // the background task records the delivery right after the SMTP answer
    await expect
      .poll(async () => (await t.database.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]?.sentAt)
      .toBeInstanceOf(Date);
  });

  it('records a refused delivery on the outbox row instead of throwing', async () => {
    const mailer = createMailer({ config: t.config, db: t.database.db });
    await expect(mailer.send({ to: REJECTED, subject: 'Hello', text: 'Body' })).resolves.toBeUndefined();
    mailer.close?.();
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, REJECTED));
    expect(row).toMatchObject({ subject: 'Hello', sentAt: null });
    expect(row!.error).toMatch(/Mailbox unavailable|550|553|554/);
  });
});

describe('mailer without SMTP_URL', () => {
  it('only writes the outbox', async () => {
    const config = { ...t.config, smtpUrl: undefined };
    const mailer = createMailer({ config, db: t.database.db });
    const before = smtp.received.length;
    await mailer.send({
      to: 'outbox-only@agents.example',
      subject: 'Kept',
      text: 'Only here',
      html: '<p>Only here</p>',
    });
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'outbox-only@agents.example'));
    expect(row).toMatchObject({
      subject: 'Kept',
      text: 'Only here',
      html: '<p>Only here</p>',
      sentAt: null,
      error: null,
    });
    expect(smtp.received.length).toBe(before);
  });
});

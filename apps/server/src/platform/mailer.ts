import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Writes the message to the outbox and, when SMTP is configured, sends it. A failed delivery is
   * recorded on the outbox row (and logged), not thrown: the outbox is the record of what was sent.
   */
  send(message: MailMessage): Promise<void>;
  /** closes the SMTP connection pool, if any */
  close?(): void;
}

interface LoggerLike {
  error(obj: unknown, msg?: string): void;
}

export interface CreateMailerOptions {
  config: Config;
  db: Db;
  logger?: LoggerLike;
}

let lastMs = 0;
let sequence = 0;

/** Ids sort in creation order within a process, so "newest first" is exact even within one millisecond. */
function nextMessageId(now: number): string {
  sequence = now === lastMs ? sequence + 1 : 0;
  lastMs = now;
  return `msg_${now.toString(36).padStart(9, '0')}${sequence.toString(36).padStart(3, '0')}_${randomBytes(6).toString('base64url')}`;
}

export function createMailer({ config, db, logger }: CreateMailerOptions): Mailer {
  // nodemailer (some 40 modules) loads with the first message, and only where SMTP_URL is set
  let transport: Promise<Transporter> | undefined;
  const smtpUrl = config.smtpUrl;
  const smtp = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));

  return {
    async send(message) {
      const createdAt = new Date();
      const id = nextMessageId(createdAt.getTime());
      await db.insert(outbox).values({
        id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        createdAt,
      });
      if (!smtpUrl) return;
      try {
        await (
          await smtp()
        ).sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, id));
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await db
          .update(outbox)
          .set({ error: reason.slice(0, 1000) })
          .where(eq(outbox.id, id));
        logger?.error({ err, outboxId: id }, 'e-mail could not be sent');
      }
    },
    close: () => void transport?.then((t) => t.close()).catch(() => undefined),
  };
}

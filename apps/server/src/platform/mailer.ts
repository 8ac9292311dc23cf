/** Placeholder: replaced by the nodemailer-backed mailer (outbox + SMTP). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
export function createMailer(_options: { config: Config; db: Db }): Mailer {
  return { send: async () => {} };
}

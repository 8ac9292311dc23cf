import { desc, eq } from 'drizzle-orm';
import { outbox } from '../db/schema/index.ts';
import type { TestApp } from './app.ts';

export type OutboxRow = typeof outbox.$inferSelect;

/** Waits for the e-mails sent to `to` (sent in the background), newest first. */
export async function waitForMail(
  t: TestApp,
  to: string,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<OutboxRow[]> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const rows = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, to))
      .orderBy(desc(outbox.createdAt), desc(outbox.id));
    if (rows.length >= count) return rows;
    if (Date.now() > deadline) throw new Error(`expected ${count} e-mail(s) to ${to}, found ${rows.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function allMail(t: TestApp): Promise<OutboxRow[]> {
  return t.database.db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** The link in an e-mail's text body that starts with `prefix`. */
export function linkIn(mail: Pick<OutboxRow, 'text'>, prefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${mail.text}`);
  return link;
}

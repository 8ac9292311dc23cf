import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The demo staff (README's demo table, docs/decisions/back-office.md). */
export const STAFF_PASSWORD = 'Demo-Staff-2026!';
export const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret, computed here as an authenticator app would. */
export function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Signs a demo staff member in up to the code step; the answer enters the code and lands on /staff. */
export async function signInStaff(page: Page, name: string) {
  await page.goto('/staff');
  await page.waitForURL(/\/staff\/sign-in$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/staff\/interaction\//);
  await expect(page.getByRole('heading', { name: 'Staff sign-in', level: 1 })).toBeVisible();
  await page.getByLabel('E-mail').fill(name);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Code')).toBeVisible();
  return async () => {
    // a code is good once, and a refused one counts as a failed sign-in (docs/decisions/back-office.md): the specs
    // share the demo staff members across workers, so each sign-in claims its own 30-second step first (the current
    // one, or the next one, which the server also takes; a third in one step waits for the step after)
    const step = await claimStep(name);
    const wait = (step - 1) * STEP_MS - Date.now();
    if (wait > 0) await page.waitForTimeout(wait + 500);
    await page.getByLabel('Code').fill(totp(STAFF_TOTP_SECRET, step * STEP_MS + 1_000));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/staff');
  };
}

const STEP_MS = 30_000;
/** The steps the workers of this run have claimed, per staff member: a file they share, changed under a lock. */
const STEPS_FILE = path.join(import.meta.dirname, '../.tmp/e2e-staff-steps.json');
const LOCK = `${STEPS_FILE}.lock`;

async function claimStep(name: string): Promise<number> {
  fs.mkdirSync(path.dirname(STEPS_FILE), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch {
      // another worker holds the lock for a few milliseconds; a lock older than 10 s was left by a killed run
      try {
        if (Date.now() - fs.statSync(LOCK).mtimeMs > 10_000) fs.rmSync(LOCK, { recursive: true, force: true });
      } catch {
        // gone meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  try {
    const claimed = (fs.existsSync(STEPS_FILE) ? JSON.parse(fs.readFileSync(STEPS_FILE, 'utf8')) : {}) as Record<
      string,
      number
    >;
    const step = Math.max(Math.floor(Date.now() / STEP_MS), (claimed[name] ?? 0) + 1);
    fs.writeFileSync(STEPS_FILE, JSON.stringify({ ...claimed, [name]: step }));
    return step;
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Types a search into a back-office queue and waits for the list call that carries exactly that search (a call with
 * an earlier search, say `q=17000001` before `q=1`, is not it) and for the table to be at rest: a row ticked before
 * the search lands would be unticked by it (a new search empties the selection).
 */
export async function searchQueue(page: Page, table: Locator, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).searchParams.get('q') === text && response.request().method() === 'GET',
  );
  await page.getByLabel('Search').fill(text);
  await answered;
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
}

import { createHmac } from 'node:crypto';
import { STAFF_MESSAGES } from '@arc/contract';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The demo staff (README's demo table, decision 084). */
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

/**
 * Signs a demo staff member in up to the code (password step done); the answer finishes with the TOTP code. A code
 * is good once per 30-second step, so a second sign-in of the same account waits for the next step.
 */
export async function signInStaff(page: Page, name: string): Promise<() => Promise<void>> {
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
    // another spec may have spent this step's code for the same demo account: then the next step's is good
    for (let attempt = 0; ; attempt += 1) {
      const step = Math.floor(Date.now() / 30_000);
      await page.getByLabel('Code').fill(totp(STAFF_TOTP_SECRET));
      await page.getByRole('button', { name: 'Sign in' }).click();
      const refused = page.getByText(STAFF_MESSAGES.invalidCode);
      const outcome = await Promise.race([
        page.waitForURL((url) => url.pathname === '/staff').then(() => 'signed-in' as const),
        refused.waitFor().then(() => 'refused' as const),
      ]);
      if (outcome === 'signed-in' || attempt === 1) break;
      await page.waitForTimeout(Math.max(0, (step + 1) * 30_000 - Date.now()) + 500);
    }
    await page.waitForURL((url) => url.pathname === '/staff');
  };
}

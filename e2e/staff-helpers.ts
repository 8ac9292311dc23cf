import { createHmac } from 'node:crypto';
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
    // a code is good once: when another test signed the same demo staff member in during this 30-second step,
    // the code is refused as used; the server takes a code one step ahead (a phone clock a little fast), so the
    // next step's code goes at once, and only a third sign-in in one step waits for the next step
    let stepsAhead = 0;
    for (let attempt = 1; ; attempt++) {
      const at = Date.now() + stepsAhead * 30_000;
      await page.getByLabel('Code').fill(totp(STAFF_TOTP_SECRET, at));
      const [answer] = await Promise.all([
        page.waitForResponse(
          (response) =>
            response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/second-factor'),
        ),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      if (answer.ok()) break;
      expect(attempt, 'the code was refused in four steps').toBeLessThan(4);
      if (stepsAhead === 0) stepsAhead = 1;
      else await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    }
    await page.waitForURL((url) => url.pathname === '/staff');
  };
}

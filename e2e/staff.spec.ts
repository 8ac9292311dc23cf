import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

/** The demo staff (README's demo table, decision 084). */
const STAFF_PASSWORD = 'Demo-Staff-2026!';
const STAFF_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** RFC 6238 (SHA-1, 6 digits, 30 s) from a base32 secret, computed here as an authenticator app would. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret].map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0')).join('');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function signInStaff(page: Page, name: string) {
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
    const step = Math.floor(Date.now() / 30_000);
    await page.getByLabel('Code').fill(totp(STAFF_TOTP_SECRET));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // a code is good once (RFC 6238 §5.2): when another spec has just signed the same account in within this
    // 30-second step, the next step's code is the one an authenticator shows next
    const isHome = await page
      .waitForURL((url) => url.pathname === '/staff', { timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (isHome) return;
    await page.waitForTimeout((step + 1) * 30_000 - Date.now() + 200);
    await page.getByLabel('Code').fill(totp(STAFF_TOTP_SECRET));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/staff');
  };
}

test.describe('[STAFF] Back office sign-in', () => {
  test('admin signs in with password and TOTP and sees the staff home; ops signs in too', async ({
    page: admin,
    browser,
  }) => {
    // two sign-ins, each of which may wait for the next TOTP step
    test.setTimeout(120_000);
    const finish = await signInStaff(admin, 'admin');
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-sign-in-code');
    await finish();
    await expect(admin.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'admin@provider.test' })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await expect(
      admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' }),
    ).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-home-admin');

    // another browser profile: a staff sign-in never reuses another's session anyway (decision 084)
    const context = await browser.newContext();
    const ops = await context.newPage();
    await (
      await signInStaff(ops, 'ops')
    )();
    await expect(ops.getByRole('cell', { name: 'ops@provider.test' })).toBeVisible();
    await expect(ops.getByRole('cell', { name: 'Operations', exact: true })).toBeVisible();
    const menu = ops.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Agents' })).toBeVisible();
    // staff management and the audit log are the admin's
    await expect(menu.getByRole('link', { name: 'Audit' })).toHaveCount(0);
    await ops.getByRole('button', { name: 'Sign out' }).click();
    await ops.waitForURL(/\/staff\/sign-in$/);
    await context.close();
  });

  test("refuses an agent's token on a staff call", async ({ page }) => {
    await signIn(page);
    const status = await page.evaluate(async () => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const token = (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch('/arc/staff/me', { headers: { authorization: `Bearer ${token ?? ''}` } });
      return { hasToken: Boolean(token), status: response.status };
    });
    expect(status).toEqual({ hasToken: true, status: 403 });
  });
});

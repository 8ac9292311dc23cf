import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES, TERMS_NOT_ACCEPTED } from '@arc/contract';
import { expect, signIn, test } from './fixtures.ts';

const ANTHEM_SHARED_PASSWORD = 'FirstLook2026';
const webAssets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');

test.describe('[SECURITY]', () => {
  test('the Anthem shared password is in no public file; signed-in agents get it with the tiles', async ({ page }) => {
    const scripts = fs.readdirSync(webAssets).filter((name) => /\.(js|mjs|css|html)$/.test(name));
    expect(scripts.length).toBeGreaterThan(0);
    const leaking = scripts.filter((name) =>
      fs.readFileSync(path.join(webAssets, name), 'utf8').includes(ANTHEM_SHARED_PASSWORD),
    );
    expect(leaking).toEqual([]);

    const signedOut = await page.request.get('/arc/agent/dashboard/files');
    expect(signedOut.status()).toBe(401);

    await signIn(page);
    await expect(page.getByText(ANTHEM_SHARED_PASSWORD).first()).toBeVisible();
  });

  test('protected calls answer 401 before looking at the body', async ({ page }) => {
    for (const url of ['/arc/agent/tosagreed', '/arc/downloadtoken']) {
      const res = await page.request.post(url, { data: {} });
      expect(res.status(), url).toBe(401);
    }
  });

  test('a 403 TERMS_NOT_ACCEPTED from any call sends the agent to the terms gate', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.route('**/arc/agent/dashboard/files', (route) =>
      route.fulfill({ status: 403, json: { code: TERMS_NOT_ACCEPTED, message: MESSAGES.termsNotAccepted } }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/tosgate$/);
    await expect(page.getByRole('button', { name: 'I AGREE' })).toBeVisible();
    await page.unroute('**/arc/agent/dashboard/files');
    await page.getByRole('button', { name: 'I AGREE' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });
});

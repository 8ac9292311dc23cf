import { MESSAGES } from '@arc/contract';
import { AFTER_RETRIES, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

test.describe('[TERMS] Terms of Service', () => {
  test('shows the terms document the agent accepted, from the user menu', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL(/\/tos$/);
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(page.getByText(/You accepted these terms on /)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'tos');
  });

  test('says "Failed to load Terms of Service." when the text cannot be loaded', async ({ page }) => {
    await signIn(page);
    await page.route(/\/arc\/terms\/\d+$/, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"x"}' }),
    );
    await page.goto('/tos');
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.termsLoadFailed })).toBeVisible(AFTER_RETRIES);
    await expectAccessible(page);
    await screenshotBoth(page, 'tos-failed');
  });
});

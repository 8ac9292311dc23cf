import { expect, test } from './fixtures.ts';

test.describe('[PLATFORM]', () => {
  test('the API documentation at /arc/docs lists the calls', async ({ page }) => {
    await page.goto('/arc/docs');
    await expect(page.getByText('/arc/user/info').first()).toBeVisible();
    await expect(page.getByText('/arc/downloadtoken').first()).toBeVisible();
  });

  test('the development mailbox page opens in demo mode', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

test.describe('[MARKETING]', () => {
  test('Medicare Scholar: the program and a link to the marketing store', async ({ page }) => {
    await signIn(page);
    await page.goto('/medischolar');
    await expect(page.getByRole('heading', { name: 'Medicare Scholar', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Order Medicare Scholar materials/ })).toHaveAttribute(
      'href',
      'https://agents.provider.test/store/medicare-scholar',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'medicare-scholar');
  });

  test('LeadStar: sign-up link, 64% and zero license fees, resource library, support e-mail', async ({ page }) => {
    await signIn(page);
    await page.goto('/leadstar');
    await expect(page.getByRole('heading', { name: 'LeadStar', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Sign up or log in to LeadStar/ })).toBeVisible();
    await expect(page.getByText(/up to 64% off/).first()).toBeVisible();
    await expect(page.getByText(/zero monthly license fees/).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resource library' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'leadstar@provider.test' })).toHaveAttribute(
      'href',
      'mailto:leadstar@provider.test',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'leadstar');
  });

  test('ProShop: store links, instructions, TPMO note, compliance e-mail and a video', async ({ page }) => {
    await signIn(page);
    await page.goto('/proshop');
    await expect(page.getByRole('heading', { name: 'Compliant Marketing Materials', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Marketing store/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Corporate print store/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to use the store' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The TPMO disclaimer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'compliance@provider.test' })).toBeVisible();
    await expect(page.locator('video')).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'proshop');
  });
});

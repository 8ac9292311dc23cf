import { CLIENT_TEXT } from '@arc/contract';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

test.describe('[CLIENTS]', () => {
  test('demo finds Linda Berg, her page shows her SOA and enrollment, the MBI masked until revealed', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients' }).click();
    await expect(page.getByRole('heading', { name: CLIENT_TEXT.pageTitle, level: 1 })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search' }).fill('Berg');
    const row = page.getByRole('row').filter({ hasText: 'Berg, Linda' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('****-***-MK73');
    await expect(page.getByText('1EG4TE5MK73')).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await expect(page.getByRole('row').filter({ hasText: 'Okafor, Walter' })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'clients');
    await page.setViewportSize({ width: 1280, height: 800 });

    // turning 65 within a month: Walter Okafor, not Linda Berg
    await page.getByRole('checkbox', { name: CLIENT_TEXT.turning65 }).check();
    await expect(page.getByRole('row').filter({ hasText: 'Okafor, Walter' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Berg, Linda' })).toHaveCount(0);
    await page.getByRole('checkbox', { name: CLIENT_TEXT.turning65 }).uncheck();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: CLIENT_TEXT.export }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(CLIENT_TEXT.exportFileName);

    await page.getByRole('searchbox', { name: 'Search' }).fill('Linda Berg');
    await page.getByRole('row').filter({ hasText: 'Berg, Linda' }).getByRole('link', { name: 'Berg, Linda' }).click();
    await expect(page.getByRole('heading', { name: 'Linda Berg', level: 1 })).toBeVisible();
    await expect(page.getByText(/SOA signed/)).toBeVisible();
    await expect(page.getByText(/Enrollment received/).first()).toBeVisible();
    await expect(page.getByText(/Humana Gold Plus \(HMO\)/).first()).toBeVisible();
    await expect(page.getByText('****-***-MK73')).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'client');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: CLIENT_TEXT.reveal }).click();
    await expect(page.getByText('1EG4TE5MK73')).toBeVisible();
    await page.getByRole('button', { name: CLIENT_TEXT.hide }).click();
    await expect(page.getByText('1EG4TE5MK73')).toHaveCount(0);
  });

  test('demo adds a client by hand; a wrong MBI is refused with its message', async ({ page }) => {
    const last = `Testperson${Date.now()}`;
    await signIn(page);
    await page.goto('/clients');
    await page.getByRole('button', { name: CLIENT_TEXT.newClient }).click();
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill(last);
    await page.getByLabel('Date of birth').fill('1960-01-31');
    await page.getByLabel('Medicare number (MBI)').fill('1234');
    await page.getByRole('button', { name: CLIENT_TEXT.create }).click();
    await expect(page.getByText(CLIENT_TEXT.mbiInvalid)).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'client-form');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Medicare number (MBI)').fill('3AC4-DE5-FG67');
    await page.getByRole('button', { name: CLIENT_TEXT.create }).click();
    await expect(page.getByRole('heading', { name: `Nora ${last}`, level: 1 })).toBeVisible();
    await expect(page.getByText('****-***-FG67')).toBeVisible();
    await expect(page.getByText(CLIENT_TEXT.nothingDue)).toBeVisible();
  });
});

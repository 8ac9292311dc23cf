import fs from 'node:fs';
import { AETNA_TILE_LABEL, MESSAGES } from '@arc/contract';
import { AFTER_RETRIES, expect, expectAccessible, holdBack, signIn, test } from './fixtures.ts';

test.describe('[DASHBOARD]', () => {
  test('signed out: the welcome and a Login button to /sign-in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /welcome/i })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/interaction\//);
  });

  test('signed in: tiles, the confidentiality warning and this year and next after 18 June', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    for (const text of ['Submit enrollment documents', 'Start a quote for a client', 'Search for prospects']) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByText(/subject to CMS approval/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Carrier Benefits / First Look Documents' })).toBeVisible();

    const year = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric' }).format(new Date()),
    );
    // today is after 18 June: both tabs, next year active
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText([String(year), String(year + 1)]);
    await expect(page.getByRole('tab', { name: String(year + 1) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('link', { name: new RegExp(AETNA_TILE_LABEL) }).first()).toBeVisible();
    await expect(page.getByText(/National Producer Number \(NPN\) as the username/).first()).toBeVisible();
    await expectAccessible(page);
  });

  test('before 18 June only the current year tab shows', async ({ page }) => {
    await signIn(page);
    await page.clock.setFixedTime(new Date('2026-06-10T12:00:00-07:00'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['2026']);
    await expect(page.getByText('Medicare First Looks').first()).toBeVisible();
  });

  test('on 19 June next year appears and is active', async ({ page }) => {
    await signIn(page);
    await page.clock.setFixedTime(new Date('2026-06-19T09:00:00-07:00'));
    await page.reload();
    await expect(page.getByRole('tab')).toHaveText(['2026', '2027']);
    await expect(page.getByRole('tab', { name: '2027' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a carrier document downloads as a real PDF', async ({ page }) => {
    await signIn(page);
    const button = page.getByRole('button', { name: /download Humana/ }).first();
    await expect(button).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^Humana \d{4} .+\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a failed download shows the Download Failed dialog', async ({ page }) => {
    await signIn(page);
    await page.route('**/arc/downloadtoken', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NOT_FOUND', message: 'File not found' }),
      }),
    );
    await page
      .getByRole('button', { name: /download Humana/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Download Failed' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('File not found')).toBeVisible();
  });

  test('a failed file fetch after a good token shows Download Failed and saves nothing', async ({ page }) => {
    await signIn(page);
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    await page.route('**/arc/download/*', (route) =>
      route.fulfill({
        status: 410,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'GONE', message: 'This download link has expired or was already used.' }),
      }),
    );
    await page
      .getByRole('button', { name: /download Humana/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Download Failed' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('This download link has expired or was already used.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(downloads).toEqual([]);
  });

  test('on a phone the download spinner stays on screen, wherever the tile is', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const release = await holdBack(page, '**/arc/downloadtoken');
    // the last tile of a tall one-column panel: the panel's middle is far off screen
    const tile = page.getByRole('button', { name: /: download / }).last();
    await tile.scrollIntoViewIfNeeded();
    await tile.click();
    const spinner = page.getByLabel('Downloading');
    await expect(spinner).toBeVisible();
    await expect(spinner).toBeInViewport();
    const download = page.waitForEvent('download');
    release();
    await download;
    await expect(spinner).toBeHidden();
  });

  test('a failing files call shows the Error dialog "Problem getting dashboard files"', async ({ page }) => {
    await page.route('**/arc/agent/dashboard/files', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL', message: 'Internal server error' }),
      }),
    );
    await signIn(page);
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toBeVisible(AFTER_RETRIES);
    await expect(dialog.getByText(MESSAGES.dashboardFilesFailed)).toBeVisible();
    // a dialog, not an inline alert in the panel
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.dashboardFilesFailed })).toHaveCount(0);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

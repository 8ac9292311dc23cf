import fs from 'node:fs';
import { COMPLIANCE_TEXT, MESSAGES } from '@arc/contract';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

test.describe('[COMPLIANCE]', () => {
  test('the Document List shows the guides; the name opens the PDF in a new tab', async ({ page }) => {
    await signIn(page);
    await page.goto('/training/compliance-guides');
    await expect(page.getByRole('heading', { name: 'Compliance Guides', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: COMPLIANCE_TEXT.tableTitle });
    await expect(table.getByRole('columnheader')).toHaveText([
      new RegExp(COMPLIANCE_TEXT.nameColumn),
      new RegExp(COMPLIANCE_TEXT.actionsColumn),
    ]);
    await expect(page.getByText('Showing 1 to 19 of 19 entries')).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'compliance-guides');

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      table.getByRole('button', { name: /^Call Recording Requirements/ }).click(),
    ]);
    const response = await tab.waitForResponse((res) => res.url().includes('/arc/download/'));
    expect(response.status()).toBe(200);
    // headless Chromium has no PDF viewer, so the headers are checked by the server tests (inline, PDF)
    expect(response.url()).toMatch(/\/arc\/download\/[\w-]{43}\?disposition=inline$/);
  });

  test('Download saves a real PDF under its download name', async ({ page }) => {
    await signIn(page);
    await page.goto('/training/compliance-guides');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download ARC-2145 / }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ARC-2145 Anti-Kickback Statute and Beneficiary Inducements.pdf');
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test('a failed download shows the Download Failed dialog', async ({ page }) => {
    await page.route('**/arc/downloadtoken', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NOT_FOUND', message: 'File not found' }),
      }),
    );
    await signIn(page);
    await page.goto('/training/compliance-guides');
    await page.getByRole('button', { name: /^Download ARC-2150 / }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.downloadFailedTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('File not found')).toBeVisible();
  });
});

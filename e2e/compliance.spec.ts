import fs from 'node:fs';
import { COMPLIANCE_TEXT, MESSAGES } from '@arc/contract';
import { expect, expectAccessible, holdBack, signIn, test } from './fixtures.ts';
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

    // a real link, to the guide's own address in the app (a click still opens the PDF in a new tab at once)
    const name = table.getByRole('link', { name: /^Call Recording Requirements/ });
    await expect(name).toHaveAttribute('href', /^\/training\/compliance-guides\/21\d\d$/);
    await expect(name).toHaveAttribute('target', '_blank');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), name.click()]);
    const response = await tab.waitForResponse((res) => res.url().includes('/arc/download/'));
    expect(response.status()).toBe(200);
    // headless Chromium has no PDF viewer, so the headers are checked by the server tests (inline, PDF)
    expect(response.url()).toMatch(/\/arc\/download\/[\w-]{43}\?disposition=inline$/);
  });

  test('a guide name’s address, opened in another tab, signs in and shows the PDF', async ({ page }) => {
    await signIn(page);
    await page.goto('/training/compliance-guides');
    const href = await page
      .getByRole('table', { name: COMPLIANCE_TEXT.tableTitle })
      .getByRole('link', { name: /^Call Recording Requirements/ })
      .getAttribute('href');
    expect(href).toMatch(/^\/training\/compliance-guides\/\d+$/);

    // pasted into a new tab (its own session storage: it signs in through the provider's session)
    const other = await page.context().newPage();
    const pdf = other.waitForResponse((res) => res.url().includes('/arc/download/'));
    await other.goto(href!).catch(() => undefined); // the page replaces itself with the PDF
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(response.url()).toMatch(/\/arc\/download\/[\w-]{43}\?disposition=inline$/);
    await other.close();

    // the page while the token is on its way: says which guide opens, and passes axe
    const release = await holdBack(page, '**/arc/downloadtoken');
    await page.goto(href!);
    await expect(page.getByRole('heading', { name: 'Compliance Guides', level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(COMPLIANCE_TEXT.opening);
    await expect(page.getByRole('status')).toContainText('Call Recording Requirements');
    await expectAccessible(page);
    const shown = page.waitForResponse((res) => res.url().includes('/arc/download/'));
    release();
    expect((await shown).status()).toBe(200);
  });

  test('a guide address with no guide says so, and a failed token shows Download Failed', async ({ page }) => {
    await signIn(page);
    await page.goto('/training/compliance-guides/2999');
    await expect(page.getByRole('alert')).toContainText(COMPLIANCE_TEXT.guideNotFound);
    await expect(page.getByRole('link', { name: COMPLIANCE_TEXT.backToList })).toHaveAttribute(
      'href',
      '/training/compliance-guides',
    );
    await expectAccessible(page);

    await page.route('**/arc/downloadtoken', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'NOT_FOUND', message: 'File not found' }),
      }),
    );
    await page.goto('/training/compliance-guides/2150');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(MESSAGES.downloadFailedTitle);
    await expect(alert).toContainText('File not found');
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

import fs from 'node:fs';
import path from 'node:path';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';

const SCREENS = path.resolve(import.meta.dirname, '../.tmp/screens');

const COUNTIES: Record<string, Array<{ id: string; label: string }>> = {
  WI: [
    { id: '55001', label: 'Adams' },
    { id: '55025', label: 'Dane' },
    { id: '55079', label: 'Milwaukee' },
  ],
  MN: [
    { id: '27053', label: 'Hennepin' },
    { id: '27123', label: 'Ramsey' },
  ],
};

test.describe('[UI]', () => {
  test.beforeEach(async ({ page }) => {
    // the counties call is built on another branch; the picker is proved here on a stand-in answer
    await page.route('**/arc/counties/*', (route) => {
      const state = route.request().url().split('/').pop()!;
      return route.fulfill({ json: COUNTIES[state] ?? [] });
    });
    await signIn(page);
    await page.goto('/ui-kit');
    await expect(page.getByRole('heading', { name: 'UI kit', level: 1 })).toBeVisible();
  });

  test('the data table sorts, searches, pages and expands 10,000 rows', async ({ page }) => {
    const table = page.getByRole('table', { name: 'Sample statements (10,000 rows)' });
    const region = page.getByRole('region', { name: 'Sample statements (10,000 rows)' });
    const status = region.locator('xpath=..').getByRole('status');
    await expect(status).toHaveText('Showing 1 to 10 of 10,000 entries');
    await expect(table.locator('tbody tr')).toHaveCount(10);

    const amount = table.getByRole('columnheader', { name: 'Amount' });
    await amount.getByRole('button').click();
    await expect(amount).toHaveAttribute('aria-sort', 'ascending');
    const firstAmounts = await table.locator('tbody tr td:last-child').allTextContents();
    const values = firstAmounts.map((t) => Number(t.replace(/[$,]/g, '')));
    expect(values).toEqual([...values].sort((a, b) => a - b));

    // the keyboard sorts too
    await table.getByRole('button', { name: 'Agent Last' }).focus();
    await page.keyboard.press('Enter');
    await expect(table.getByRole('columnheader', { name: 'Agent Last' })).toHaveAttribute('aria-sort', 'ascending');

    await page.getByRole('searchbox', { name: 'Search' }).first().fill('OKAFOR');
    // the search is applied as a deferred value: wait until the table has taken it before reading the count
    await expect(status).not.toHaveText('Showing 1 to 10 of 10,000 entries');
    await expect(status).toHaveText(/^Showing 1 to 10 of [\d,]+ entries$/);
    const matched = Number((await status.textContent())!.match(/of ([\d,]+)/)![1]!.replace(/,/g, ''));
    expect(matched).toBeGreaterThan(100);
    expect(matched).toBeLessThan(10_000);
    for (const last of await table.locator('tbody tr td:nth-child(3)').allTextContents()) expect(last).toBe('Okafor');

    const pager = page.getByRole('navigation', { name: 'Pagination' }).first();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(status).toHaveText(/^Showing 11 to 20 of /);
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('combobox', { name: 'Rows per page' }).first().selectOption('25');
    await expect(status).toHaveText(/^Showing 1 to 25 of /);

    const toggle = table.getByRole('button', { name: /^Show details for / }).first();
    await toggle.click();
    await expect(table.getByRole('button', { name: /^Hide details for / })).toHaveAttribute('aria-expanded', 'true');
    await expect(table.getByText(/^Statement st-\d+ from /)).toBeVisible();
    await expectAccessible(page);
  });

  test('print mode prints every row without the app chrome', async ({ page }) => {
    await page.evaluate(() => {
      (window as unknown as { printedRows: number }).printedRows = -1;
      window.print = () => {
        (window as unknown as { printedRows: number }).printedRows = document
          .querySelector('table')!
          .querySelectorAll('tbody tr').length;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printedRows: number }).printedRows)).toBe(2000);
    await expect(page.getByRole('table').first().locator('tbody tr')).toHaveCount(10);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Pagination' }).first()).toBeHidden();
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  });

  test('"Load more" appends the next server page', async ({ page }) => {
    const region = page.getByRole('region', { name: 'Server-paged list (10 at a time)' });
    const status = region.locator('xpath=..').getByRole('status');
    await expect(status).toHaveText('Showing 1 to 10 of 10 entries');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(status).toHaveText('Showing 1 to 10 of 20 entries');
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(status).toHaveText('Showing 1 to 10 of 35 entries');
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  });

  test('the state and county picker clears the counties when the state changes', async ({ page }) => {
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Wisconsin');
    await page.getByRole('combobox', { name: 'Counties' }).click();
    await page.getByRole('option', { name: 'Dane' }).click();
    await expect(page.getByText('Chosen in WI: Dane')).toBeVisible();
    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Minnesota' }).click();
    await expect(page.getByText('No county chosen in MN.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Counties' }).click();
    await expect(page.getByRole('option', { name: 'Hennepin' })).toBeVisible();
  });

  test('the confirmation dialog answers OK and Cancel', async ({ page }) => {
    await page.getByRole('button', { name: 'Ask for confirmation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notice' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Confirmed.')).toBeVisible();
    await page.getByRole('button', { name: 'Ask for confirmation' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Cancelled.')).toBeVisible();
  });

  test('screenshots at 1280 and 390 px; on a phone the table scrolls inside its box, not the page', async ({
    page,
  }) => {
    fs.mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENS, 'ui-kit-1280.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    const region = page.getByRole('region', { name: 'Sample statements (10,000 rows)' });
    await expect(region).toBeVisible();
    // the layout slides from the desktop menu to the phone's (the shell's transitions) before it is measured
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const sizes = await region.evaluate((el) => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      inner: el.scrollWidth,
      box: el.clientWidth,
    }));
    expect(sizes.page).toBeLessThanOrEqual(sizes.viewport);
    expect(sizes.inner).toBeGreaterThan(sizes.box);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(SCREENS, 'ui-kit-390.png') });
    await region.scrollIntoViewIfNeeded();
    await page.getByRole('navigation', { name: 'Pagination' }).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENS, 'ui-kit-390-pager.png') });
  });
});

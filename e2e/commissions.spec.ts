import fs from 'node:fs';
import { AFTER_RETRIES, expect, expectAccessible, expectInView, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

test.describe('[COMMISSIONS]', () => {
  test('pages, searches and loads more statements, 10 at a time', async ({ page }) => {
    const offsets: string[] = [];
    page.on('request', (request) => {
      const match = /\/arc\/agent\/commissions\/all\/(\d+)$/.exec(request.url());
      if (match) offsets.push(match[1]!);
    });
    await signIn(page);
    await page.goto('/commissions');
    await expect(page.getByRole('heading', { name: 'Commission Statements', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Commission Statements' });
    await expect(table.getByRole('columnheader')).toHaveText([/Agent First/, /Agent Last/, /Statement Date/, /CSV/]);
    await expect(page.getByText('Showing 1 to 10 of 10 entries')).toBeVisible();
    // "Month dayth, year"
    await expect(table.getByRole('row').nth(1)).toContainText(/[A-Z][a-z]+ \d{1,2}(st|nd|rd|th), \d{4}/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByText('Showing 1 to 10 of 20 entries')).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByText('Showing 1 to 10 of 30 entries')).toBeVisible();
    expect(offsets).toEqual(['0', '10', '20']);

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 11 to 20 of 30 entries')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 21 to 30 of 30 entries')).toBeVisible();

    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page.getByText('Showing 1 to 25 of 30 entries')).toBeVisible();

    // the newest statements are sorted by date, newest first
    const dates = await table
      .getByRole('row')
      .evaluateAll((rows) =>
        rows
          .slice(1)
          .map((row) => Date.parse((row.children[2] as HTMLElement).innerText.replace(/(\d)(st|nd|rd|th)/, '$1'))),
      );
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    await page.getByLabel('Search').fill('WHITFIELD');
    await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible();
    const lasts = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => (row.children[1] as HTMLElement).innerText));
    expect(lasts.length).toBeGreaterThan(0);
    expect(new Set(lasts)).toEqual(new Set(['Whitfield']));
    await screenshotBoth(page, 'commissions');
    // on a phone each statement's CSV download is on screen, not off to the side
    await page.setViewportSize({ width: 390, height: 844 });
    await expectInView(page, table.getByRole('row').nth(1).getByRole('cell').nth(3).getByRole('button'), 'CSV');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('a CSV downloads as first_last_date.csv and parses', async ({ page }) => {
    await signIn(page);
    await page.goto('/commissions');
    const first = page.getByRole('button', { name: /^CSV: / }).first();
    await expect(first).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), first.click()]);
    expect(download.suggestedFilename()).toMatch(/^[A-Z][a-z]+_[A-Z][a-z]+_\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = fs
      .readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Carrier,Policy Number,Client,Product,Effective Date,Transaction,Premium,Commission');
    const rows = lines.slice(1).map((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.length - 1);
    expect(rows.every((cells) => cells === 8)).toBe(true);
    expect(lines.at(-1)).toMatch(/^Total,+\d+\.\d{2}$/);
  });

  test('a failing list logs the problem, ends the spinner and shows no pop-up', async ({ page }) => {
    await page.route('**/arc/agent/commissions/all/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"x"}' }),
    );
    await signIn(page);
    await page.goto('/commissions');
    await expect(page.getByText('Problem retrieving data from server.')).toBeVisible(AFTER_RETRIES);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Loading')).toHaveCount(0);
  });
});

import fs from 'node:fs';
import { PROSPECT_MESSAGES } from '@arc/contract';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { accessToken, expect, expectAccessible, expectInView, signIn, test } from './fixtures.ts';

const SHOTS = '.tmp/screenshots';

/** A full-page screenshot at a width, once the shell has laid itself out for it (the menu goes off-canvas). */
async function shoot(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  await page.waitForFunction((w) => {
    const main = document.querySelector('main');
    return main !== null && (w >= 600 || main.getBoundingClientRect().left < 40);
  }, width);
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

async function openProspects(page: Page) {
  await signIn(page);
  await page.goto('/prospects');
  // the screen's code loads on first visit
  await expect(page.getByRole('heading', { name: 'Prospect Lists', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/verified through the USPS National Change of Address/)).toBeVisible();
  await expect(page.getByText(/Data is updated through \d{1,2}\/1\/\d{4}/)).toBeVisible();
}

const countyPill = (page: Page, name: string) => page.locator('.mantine-Pill-root', { hasText: name });

async function chooseCounty(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Counties Selected' }).click();
  await page.getByRole('option', { name }).click();
  await expect(countyPill(page, name)).toBeVisible();
  // close the county list (it stays open for more picks)
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

const total = async (page: Page) => Number((await page.getByTestId('total-prospects').innerText()).replace(/,/g, ''));

async function readDownload(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toBe('Prospect List.xlsx');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as never);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) =>
    rows.push(
      Array.from(row.values as unknown[])
        .slice(1)
        .map((v) => String(v ?? '')),
    ),
  );
  return rows;
}

test.describe('[PROSPECTS]', () => {
  test('county search: choose, run, filter postal codes, search, sort, page, print and download', async ({ page }) => {
    // the whole flow, with four screenshots and four axe checks, in one test
    test.setTimeout(180_000);
    await openProspects(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'County Search' }).click();
    await expect(page.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('Wisconsin');
    await expect(page.getByRole('button', { name: 'Run List' })).toHaveCount(0);

    // changing the state clears the counties and reloads the list (only counties with prospects)
    await page.getByRole('combobox', { name: 'State', exact: true }).click();
    await page.getByRole('option', { name: 'Illinois' }).click();
    await chooseCounty(page, 'Cook County');
    await page.getByRole('combobox', { name: 'State', exact: true }).click();
    await page.getByRole('option', { name: 'Wisconsin' }).click();
    await expect(countyPill(page, 'Cook County')).toHaveCount(0);
    await chooseCounty(page, 'Milwaukee County');
    await chooseCounty(page, 'Dane County');
    await countyPill(page, 'Milwaukee County').getByRole('button', { includeHidden: true }).click();
    await expect(countyPill(page, 'Milwaukee County')).toHaveCount(0);
    await chooseCounty(page, 'Milwaukee County');

    // age 65 selects a year from the start of this month
    await page.getByRole('combobox', { name: 'Age' }).selectOption('65');
    await expect(page.getByRole('button', { name: 'Run List' })).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 1280, 'prospects-form');
    await shoot(page, 390, 'prospects-form');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Run List' }).click();
    await expect(page.getByText('Total Prospects')).toBeVisible();
    await expect(page.getByText(PROSPECT_MESSAGES.contactNotice)).toBeVisible();
    const all = await total(page);
    expect(all).toBeGreaterThan(10);
    const table = page.getByRole('table', { name: 'Prospects' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(page.getByText(`Showing 1 to 10 of ${all} entries`)).toBeVisible();

    // exclude one postal code, then bring it back
    const include = page.getByRole('listbox', { name: 'Include' });
    const firstZip = (await include.locator('option').first().innerText()).trim();
    await include.selectOption(firstZip);
    await page.getByRole('button', { name: 'Move selected postal codes to Exclude' }).click();
    await expect(page.getByRole('listbox', { name: 'Exclude' }).locator('option')).toHaveText([firstZip]);
    const afterExclude = await total(page);
    expect(afterExclude).toBeLessThan(all);
    await expect(table.getByRole('cell', { name: firstZip, exact: true })).toHaveCount(0);

    // sort by last name, then by T65 descending
    await table.getByRole('button', { name: 'Last Name' }).click();
    await expect(table.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute('aria-sort', 'ascending');
    await table.getByRole('button', { name: 'T65' }).click();
    await table.getByRole('button', { name: 'T65' }).click();
    await expect(table.getByRole('columnheader', { name: 'T65' })).toHaveAttribute('aria-sort', 'descending');

    // next page
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(new RegExp(`Showing 11 to \\d+ of ${afterExclude} entries`))).toBeVisible();
    await expectAccessible(page);
    // at 1280 px every column fits its box: County and Phone are not cut off at the right
    const box = (await page.getByRole('region', { name: 'Prospects' }).boundingBox())!;
    for (const name of ['County', 'Phone']) {
      const header = (await table.getByRole('columnheader', { name }).boundingBox())!;
      expect(header.x + header.width, `${name} inside the table's box`).toBeLessThanOrEqual(box.x + box.width);
    }
    await shoot(page, 1280, 'prospects-results');
    await shoot(page, 390, 'prospects-results');
    // on a phone a row's name and address are on screen, not to the side
    const first = table.getByRole('row').nth(1);
    await expectInView(page, first.getByRole('cell').nth(4), 'Last Name');
    await expectInView(page, first.getByRole('cell').nth(5), 'Address 1');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // print shows every shown row
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printedRows: number }).printedRows = document.querySelectorAll('table tbody tr').length;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printedRows: number }).printedRows)).toBe(afterExclude);

    // search narrows to one surname; the download holds exactly those rows
    const surname = (await table.getByRole('row').nth(1).getByRole('cell').nth(4).innerText()).trim();
    await page.getByRole('searchbox', { name: 'Search' }).fill(surname.toUpperCase());
    await expect.poll(() => total(page)).toBeLessThan(afterExclude);
    const shown = await total(page);
    await page.getByRole('button', { name: 'Download Excel File' }).click();
    const dialog = page.getByRole('dialog', { name: 'Before you download' });
    await expect(dialog.getByText(PROSPECT_MESSAGES.downloadNotice)).toBeVisible();
    await expectAccessible(page);
    const rows = await readDownload(page, () => dialog.getByRole('button', { name: 'I understand, download' }).click());
    expect(rows[0]).toEqual([
      'T65',
      'Prefix',
      'First Name',
      'Middle',
      'Last Name',
      'Address 1',
      'Address 2',
      'City',
      'State',
      'Zip',
      'County',
      'Phone (call only with consent)',
    ]);
    expect(rows).toHaveLength(shown + 1);
    for (const row of rows.slice(1)) {
      expect(row[4]).toBe(surname);
      expect(row[9]).not.toBe(firstZip);
    }

    // a search that leaves nothing: the spec's message instead of a download
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzzz-nobody');
    await expect.poll(() => total(page)).toBe(0);
    await page.getByRole('button', { name: 'Download Excel File' }).click();
    await expect(page.getByRole('dialog').getByText(PROSPECT_MESSAGES.noExportData)).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();

    // Back returns to the form with the counties still chosen
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(countyPill(page, 'Dane County')).toBeVisible();
  });

  test('postal code search: the 5-digit rule, duplicates ignored, run and download', async ({ page }) => {
    await openProspects(page);
    // take real postal codes from a county search first
    await page.getByRole('button', { name: 'County Search' }).click();
    await chooseCounty(page, 'Milwaukee County');
    await page.getByRole('combobox', { name: 'Age' }).selectOption('65');
    await page.getByRole('button', { name: 'Run List' }).click();
    await expect(page.getByText('Total Prospects')).toBeVisible();
    const codes = (await page.getByRole('listbox', { name: 'Include' }).locator('option').allInnerTexts())
      .map((c) => c.trim())
      .slice(0, 3);
    expect(codes.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();

    await page.getByRole('button', { name: 'Postal Code Search' }).click();
    const entry = page.getByRole('textbox', { name: 'Postal Code' });
    await entry.fill('5320');
    await entry.press('Enter');
    const invalid = page.getByRole('dialog', { name: PROSPECT_MESSAGES.postalCodeInvalidTitle });
    await expect(invalid.getByText(PROSPECT_MESSAGES.postalCodeInvalid)).toBeVisible();
    await invalid.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Run List' })).toHaveCount(0);
    for (const code of [...codes, codes[0]!]) {
      await entry.fill(code);
      await page.getByRole('button', { name: 'Add' }).click();
      // each code is checked with the server as it is added
      await expect(entry).toHaveValue('');
    }
    await expect(page.getByRole('list', { name: 'Postal Codes Selected' }).getByRole('listitem')).toHaveCount(
      codes.length,
    );
    await page.getByRole('combobox', { name: 'Age' }).selectOption('65');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Run List' }).click();
    await expect(page.getByText('Total Prospects')).toBeVisible();
    const shown = await total(page);
    expect(shown).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Download Excel File' }).click();
    const rows = await readDownload(page, () =>
      page.getByRole('dialog').getByRole('button', { name: 'I understand, download' }).click(),
    );
    expect(rows).toHaveLength(shown + 1);
    for (const row of rows.slice(1)) expect(codes).toContain(row[9]);
  });

  test('Run List moves the focus to the list; Back, Forward and reload come back to the same search', async ({
    page,
  }) => {
    await openProspects(page);
    await page.getByRole('button', { name: 'County Search' }).click();
    await chooseCounty(page, 'Milwaukee County');
    await page.getByRole('combobox', { name: 'Age' }).selectOption('65');
    await page.getByRole('button', { name: 'Run List' }).click();
    const list = page.getByRole('region', { name: 'Prospect list' });
    await expect(list).toBeFocused();
    const all = await total(page);
    expect(all).toBeGreaterThan(0);

    await page.goBack();
    await expect(countyPill(page, 'Milwaukee County')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Age' })).toHaveValue('65');
    await page.goForward();
    await expect(list).toBeVisible();
    await expect.poll(() => total(page)).toBe(all);
    await page.reload();
    await expect(list).toBeFocused({ timeout: 30_000 });
    await expect.poll(() => total(page)).toBe(all);
    // the results' Back shows the form; the browser's Back the list again, then the form, then the choice
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(countyPill(page, 'Milwaukee County')).toBeVisible();
    await page.goBack();
    await expect.poll(() => total(page)).toBe(all);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Run List' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: 'County Search' })).toBeVisible();
  });

  test('postal codes: at most 50, an unknown code refused when added, no field name in any message', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await openProspects(page);
    // 51 real postal codes, from a county search
    await page.getByRole('button', { name: 'County Search' }).click();
    for (const county of ['Milwaukee County', 'Dane County', 'Waukesha County', 'Brown County'])
      await chooseCounty(page, county);
    await page.getByRole('combobox', { name: 'Age' }).selectOption('65');
    await page.getByRole('button', { name: 'Run List' }).click();
    await expect(page.getByText('Total Prospects')).toBeVisible();
    const codes = (await page.getByRole('listbox', { name: 'Include' }).locator('option').allInnerTexts()).map((c) =>
      c.trim(),
    );
    expect(codes.length).toBeGreaterThan(50);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Back' }).click();

    await page.getByRole('button', { name: 'Postal Code Search' }).click();
    const entry = page.getByRole('textbox', { name: 'Postal Code' });
    await entry.fill('00000');
    await entry.press('Enter');
    const unknown = page.getByRole('dialog', { name: PROSPECT_MESSAGES.postalCodeUnknownTitle });
    await expect(unknown.getByText(PROSPECT_MESSAGES.postalCodeUnknown('00000'))).toBeVisible();
    await unknown.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('list', { name: 'Postal Codes Selected' }).getByRole('listitem')).toHaveCount(0);

    for (const code of codes.slice(0, 50)) {
      await entry.fill(code);
      await entry.press('Enter');
      await expect(entry).toHaveValue('');
    }
    await entry.fill(codes[50]!);
    await entry.press('Enter');
    const tooMany = page.getByRole('dialog', { name: PROSPECT_MESSAGES.tooManyPostalCodesTitle });
    await expect(tooMany.getByText(PROSPECT_MESSAGES.tooManyPostalCodes)).toBeVisible();
    await tooMany.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('list', { name: 'Postal Codes Selected' }).getByRole('listitem')).toHaveCount(50);

    // the 50 run; a message from the server never names a field of the schema
    await page.getByRole('button', { name: 'Run List' }).click();
    await expect(page.getByText('Total Prospects')).toBeVisible();
    const answer = await page.request.post('/arc/agent/zipcode/list', {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
      data: { zips: codes.slice(0, 51), datefrom: '2026-01-01', dateto: '2026-06-01' },
    });
    expect(answer.status()).toBe(400);
    expect((await answer.json()).message).toBe(PROSPECT_MESSAGES.tooManyLocations);
  });

  test('the To date picker offers only dates the server accepts (at most 13 months after From)', async ({ page }) => {
    await openProspects(page);
    await page.getByRole('button', { name: 'Postal Code Search' }).click();
    // age 65: From is the first of this month, To a year later
    await page.getByRole('combobox', { name: 'Age' }).selectOption('65');
    await page.getByRole('button', { name: 'To', exact: true }).click();
    const next = page.locator('.mantine-DatePickerInput-calendarHeaderControl[data-direction="next"]');
    await next.click();
    // thirteen months after From: its first day can be chosen, its second cannot
    const month = page.locator('.mantine-DatePickerInput-month');
    await expect(month.locator('button.mantine-DatePickerInput-day:not([data-outside])').first()).toBeEnabled();
    await expect(month.locator('button.mantine-DatePickerInput-day:not([data-outside])').nth(1)).toBeDisabled();
    await expect(next).toBeDisabled();
  });

  test('a state without prospects says so instead of "No county by that name"', async ({ page }) => {
    await openProspects(page);
    await page.getByRole('button', { name: 'County Search' }).click();
    await page.getByRole('combobox', { name: 'State', exact: true }).click();
    await page.getByRole('option', { name: 'California' }).click();
    const counties = page.getByRole('combobox', { name: 'Counties Selected' });
    await expect(counties).toHaveAttribute('placeholder', PROSPECT_MESSAGES.noProspectsInState('California'));
    await counties.click();
    await expect(page.getByText(PROSPECT_MESSAGES.noProspectsInState('California')).last()).toBeVisible();
    await expect(page.getByText('No county by that name')).toHaveCount(0);
  });
});

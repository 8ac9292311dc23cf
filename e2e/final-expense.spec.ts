import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

const STEP_LINES = [4, 3, 4, 5, 2, 8, 7];
const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** What the test types on each line, and what it should count. */
function entry(step: number, line: number): { text: string; cents: number } {
  if (step === 7 && line === 0) return { text: '$1,234,567.89', cents: 123_456_789 };
  if (step === 5 && line === 1) return { text: 'n/a', cents: 0 };
  const dollars = step * 1000 + line;
  return { text: `$${dollars.toLocaleString('en-US')}.25`, cents: dollars * 100 + 25 };
}

test.describe('[FINAL EXPENSE]', () => {
  test('the info view: statistics, worksheet button, links, intro video and documents', async ({ page }) => {
    await signIn(page);
    await page.goto('/finalexpense');
    await expect(page.getByRole('heading', { name: 'Final Expense', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sales and Resource' })).toBeVisible();
    for (const text of ['64', '$12,400', '$67']) await expect(page.getByText(text, { exact: true })).toBeVisible();
    // the carriers' e-application links, not a state regulator map
    await expect(page.getByRole('link', { name: /Carrier eApp Directory/ })).toHaveAttribute(
      'href',
      '/enrollments/carrier-eapps',
    );
    await expect(page.getByRole('link', { name: 'Carrier Training Videos' })).toBeVisible();
    await expect(page.locator('video')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Download / })).not.toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'final-expense');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Download / })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  test('a failing documents call shows the Error pop-up with the message', async ({ page }) => {
    await page.route('**/arc/agent/finalexpense/files', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Documents are being updated.' }),
      }),
    );
    await signIn(page);
    await page.goto('/finalexpense');
    const dialog = page.getByRole('dialog').filter({ hasText: 'Documents are being updated.' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Error');
  });

  test('the worksheet: every page filled, every total on the summary, toggles, print', async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript(() => {
      (window as unknown as { printCalls: number }).printCalls = 0;
      window.print = () => {
        (window as unknown as { printCalls: number }).printCalls += 1;
      };
    });
    await signIn(page);
    await page.goto('/finalexpense');
    await page.getByRole('button', { name: 'Open Worksheet' }).click();
    await expect(page.getByRole('heading', { name: 'Funeral Expense Worksheet' })).toBeVisible();
    await expect(page.getByLabel('Agent contact information')).toContainText('Dana Whitfield');
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toHaveCount(1); // the view's Back only
    await page.getByLabel('Prepared for').fill('Eleanor Vance');

    const stepTotals: number[] = [];
    for (let step = 1; step <= 7; step += 1) {
      const section = page.getByRole('region', { name: new RegExp(`^Step ${step}:`) });
      await expect(section).toBeVisible();
      const inputs = section.getByRole('textbox');
      await expect(inputs).toHaveCount(STEP_LINES[step - 1]!);
      let cents = 0;
      for (let line = 0; line < STEP_LINES[step - 1]!; line += 1) {
        const { text, cents: value } = entry(step, line);
        await inputs.nth(line).fill(text);
        cents += value;
      }
      if (step === 2) await section.getByRole('radio', { name: 'Yes' }).check();
      stepTotals.push(cents);
      await expect(section.getByTestId(`total-step-${step}`)).toHaveText(`Total Step ${step}: ${money(cents)}`);
      if (step === 1) await expectAccessible(page);
      await page.getByRole('button', { name: 'Next' }).click();
    }

    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    for (let step = 1; step <= 7; step += 1) {
      await expect(summary.getByTestId(`summary-step-${step}`)).toHaveText(money(stepTotals[step - 1]!));
    }
    const sum = (from: number, to: number) => stepTotals.slice(from - 1, to).reduce((a, b) => a + b, 0);
    await expect(summary.getByTestId('summary-1-5')).toHaveText(money(sum(1, 5)));
    await expect(summary.getByTestId('summary-1-6')).toHaveText(money(sum(1, 6)));
    await expect(summary.getByTestId('summary-combined')).toHaveText(money(sum(1, 7)));
    await expect(summary.getByTestId('package-platinum')).toHaveText(money(sum(1, 7)));
    await expect(summary.getByTestId('package-gold')).toHaveText(money(sum(1, 6)));
    await expect(summary.getByTestId('package-silver')).toHaveText(money(sum(1, 5)));
    await expect(summary.getByTestId('package-bronze')).toHaveText(money(stepTotals[6]!));
    await summary.getByLabel('Platinum monthly premium').fill('$89.50');
    await summary.getByLabel('Bronze monthly premium').fill('$41.10');
    await expectAccessible(page);

    // Back walks to page 1, where Back hides
    for (let i = 0; i < 7; i += 1) await page.getByRole('button', { name: 'Back' }).last().click();
    await expect(page.getByRole('region', { name: /^Step 1:/ })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Step 2:/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Hide Contact Info' }).click();
    await expect(page.getByLabel('Agent contact information')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show Contact Info' }).click();
    await page.getByRole('button', { name: 'Show Whole Form' }).click();
    await expect(page.getByRole('region', { name: /^Step \d:/ })).toHaveCount(7);
    await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
    await screenshotBoth(page, 'final-expense-worksheet');
    await page.getByRole('button', { name: 'Hide By Page' }).click();
    await expect(page.getByRole('region', { name: /^Step \d:/ })).toHaveCount(1);

    // Print: 'Building' for 2 s with the whole form shown, 3 s more, then the browser's print
    await page.getByRole('button', { name: 'Print' }).click();
    await expect(page.getByRole('dialog', { name: 'Building' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Step \d:/ })).toHaveCount(7);
    await expect(page.getByRole('dialog', { name: 'Building' })).toBeHidden({ timeout: 4000 });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls), {
        timeout: 6000,
      })
      .toBe(1);

    // the printed document: whole form, no app chrome
    await page.getByRole('button', { name: 'Show Whole Form' }).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    fs.mkdirSync('.tmp/print', { recursive: true });
    await page.pdf({ path: '.tmp/print/worksheet.pdf', format: 'Letter', printBackground: true });
    const pdf = await PDFDocument.load(fs.readFileSync('.tmp/print/worksheet.pdf'));
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
  });

  test('one Back per step; entries survive a reload; leaving with entries asks first; Clear Worksheet', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/finalexpense');
    await page.getByRole('button', { name: 'Open Worksheet' }).click();
    const heading = page.getByRole('heading', { name: 'Funeral Expense Worksheet' });
    // Open Worksheet replaces the info view: the focus goes to the worksheet
    await expect(heading).toBeFocused();
    const preparedFor = page.getByLabel('Prepared for');
    await preparedFor.fill('Eleanor Vance');
    const firstLine = page
      .getByRole('region', { name: /^Step 1:/ })
      .getByRole('textbox')
      .first();
    await firstLine.fill('$1,600');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Next' }).click();

    // steps 2 to 8: one Back, and it goes one step back
    await expect(page.getByRole('region', { name: /^Step 3:/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('region', { name: /^Step 2:/ })).toBeVisible();

    // a reload keeps the page and the entries
    await page.reload();
    await expect(page.getByRole('region', { name: /^Step 2:/ })).toBeVisible({ timeout: 30_000 });
    await expect(preparedFor).toHaveValue('Eleanor Vance');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(firstLine).toHaveValue('$1,600');

    // leaving with entries asks first: Stay keeps the worksheet
    await page.getByRole('button', { name: 'Back' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave the worksheet?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(heading).toBeVisible();
    // another page from the menu asks too; Leave goes, and the entries wait for the agent's return
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact' }).click();
    await leave.getByRole('button', { name: 'Leave' }).click();
    await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(preparedFor).toHaveValue('Eleanor Vance');

    // Clear Worksheet empties it, after asking; then Back leaves without a question
    await page.getByRole('button', { name: 'Clear Worksheet' }).click();
    await page
      .getByRole('dialog', { name: 'Clear Worksheet' })
      .getByRole('button', { name: 'Clear Worksheet' })
      .click();
    await expect(preparedFor).toHaveValue('');
    await expect(firstLine).toHaveValue('');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('button', { name: 'Open Worksheet' })).toBeVisible();
    await expect(leave).toHaveCount(0);
  });
});

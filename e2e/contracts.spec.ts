import fs from 'node:fs';
import { CONTRACTS_TEXT, ROSTER_FILE_NAME } from '@arc/contract';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO2, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

const AGENCY = 'Anthem, Whitfield Senior Benefits Group';

/**
 * A checkbox's label is to the right of the box, centred on it, and one line high (not wrapped or below). Both are
 * measured in one frame, and again until the layout has slid to a new viewport's width (the shell's transitions).
 */
async function expectLabelBesideBox(checkbox: Locator) {
  const placement = () =>
    checkbox.evaluate((input) => {
      const box = input.getBoundingClientRect();
      const text = document.querySelector(`label[for="${input.id}"]`)!.getBoundingClientRect();
      return {
        beside: text.x >= box.x + box.width,
        centred: Math.abs(text.y + text.height / 2 - (box.y + box.height / 2)) < 4,
        oneLine: text.height < box.height * 1.6,
      };
    });
  await expect.poll(placement).toEqual({ beside: true, centred: true, oneLine: true });
}

async function openContracts(page: Page) {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Contracts', level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table', { name: 'ARC Agency Contracts' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Show Downlines: ${AGENCY}` })).toBeVisible();
}

const dialog = (page: Page) => page.getByRole('dialog');

async function closeDialog(page: Page, title: string, text: string) {
  await expect(dialog(page)).toContainText(title);
  await expect(dialog(page)).toContainText(text);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog(page)).toHaveCount(0);
}

async function readRoster(page: Page, click: () => Promise<void>): Promise<string[][]> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  expect(download.suggestedFilename()).toBe(ROSTER_FILE_NAME);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(fs.readFileSync(await download.path()) as never);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    const values = Array.from(row.values as unknown[]).slice(1);
    rows.push(Array.from({ length: 4 }, (_, i) => String(values[i] ?? '')));
  });
  return rows;
}

const status = (page: Page) => page.getByTestId('hierarchy-status');
const tree = (page: Page): Locator => page.getByRole('tree');

test.describe('[CONTRACTS]', () => {
  // a loaded machine: sign-in, a 5,000-agent tree and several round trips per test
  test.setTimeout(120_000);

  test('tables, hierarchy search both ways, roster download, back arrow', async ({ page }) => {
    await signIn(page);
    await openContracts(page);
    const individual = page.getByRole('table', { name: 'ARC Individual Agent Contracts' });
    for (const header of Object.values(CONTRACTS_TEXT.columns)) {
      await expect(individual.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(individual.getByRole('row')).toHaveCount(1 + 6);
    // a contract without downlines has no downline buttons, only its certification
    await expect(page.getByRole('button', { name: 'Show Downlines: Aetna, Dana Whitfield' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show Certification: Aetna, Dana Whitfield' })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'contracts-tables');

    // Hierarchy View of the 5,000-agent agency
    await page.getByRole('button', { name: `Show Downlines: ${AGENCY}` }).click();
    await expect(page).toHaveURL(/view=downlines/);
    await expect(page.getByRole('heading', { name: CONTRACTS_TEXT.hierarchyTitle })).toBeVisible();
    await expect(status(page)).toHaveText('5,000 agents below this contract', { timeout: 20_000 });
    // the agency and its eight sub-agencies are open; nothing deeper is drawn yet
    await expect(tree(page).getByRole('treeitem', { level: 2 })).toHaveCount(8);
    await expect(tree(page).getByRole('treeitem', { level: 3 })).toHaveCount(0);
    await expectAccessible(page);

    // case-insensitive: lower case finds the capitalised name, highlighted, with its path open
    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill('smith');
    await expect(status(page)).toHaveText(/^[1-9][\d,]* of 5,000 agents match$/);
    const insensitive = Number((await status(page).innerText()).split(' ')[0]!.replace(/,/g, ''));
    const firstMark = tree(page).locator('mark').first();
    await expect(firstMark).toHaveText(/smith/i);
    const firstMatch = tree(page)
      .getByRole('treeitem')
      .filter({ has: page.locator('mark') })
      .first();
    const level = Number(await firstMatch.getAttribute('aria-level'));
    expect(level).toBeGreaterThan(2);
    // every upline drawn above the match is open
    await expect(
      tree(page)
        .getByRole('treeitem', { level: level - 1, expanded: true })
        .first(),
    ).toBeVisible();
    await screenshotBoth(page, 'contracts-hierarchy-search');
    // at desktop and phone width the "Case sensitive" label sits beside its box, on one line
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expectLabelBesideBox(page.getByRole('checkbox', { name: CONTRACTS_TEXT.caseSensitive }));
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // case-sensitive: the lower-case query matches nobody, the capitalised one the same agents as before
    await page.getByRole('checkbox', { name: CONTRACTS_TEXT.caseSensitive }).check();
    await expect(status(page)).toHaveText('0 of 5,000 agents match');
    await expect(tree(page).locator('mark')).toHaveCount(0);
    await search.fill('Smith');
    await expect(status(page)).toHaveText(`${insensitive.toLocaleString('en-US')} of 5,000 agents match`);

    // the roster of the matches, read back
    const rows = await readRoster(page, () => page.getByRole('button', { name: 'Download' }).click());
    expect(rows[0]).toEqual(['Account', 'Upline', 'Writing Number', 'Carrier']);
    expect(rows).toHaveLength(insensitive + 1);
    for (const [account, upline, , carrier] of rows.slice(1)) {
      expect(account).toContain('Smith');
      expect(upline).not.toBe('');
      expect(carrier).toBe('Anthem');
    }

    // a search that matches nobody: the message says so (not "use the search first"), no request
    await search.fill('Nobody-By-This-Name');
    await expect(status(page)).toHaveText('0 of 5,000 agents match');
    await page.getByRole('button', { name: 'Download' }).click();
    await closeDialog(page, CONTRACTS_TEXT.infoTitle, CONTRACTS_TEXT.rosterNoMatch);

    // keyboard: the tree is one tab stop; arrows move and open
    await search.fill('');
    await tree(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect(tree(page).getByRole('treeitem', { level: 2, expanded: true })).toHaveCount(1);

    // the back arrow closes the view
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();
    await expect(page.getByRole('table', { name: 'ARC Agency Contracts' })).toBeVisible();
    await expect(page).not.toHaveURL(/view=/);
  });

  test('certification and downline certification views', async ({ page }) => {
    await signIn(page);
    await openContracts(page);

    await page.getByRole('button', { name: 'Show Certification: Humana, Dana Whitfield' }).click();
    await expect(page.getByRole('heading', { name: CONTRACTS_TEXT.certificationTitle })).toBeVisible();
    const certs = page.getByRole('table', { name: /Certification View/ });
    await expect(certs.getByRole('columnheader', { name: 'Year' })).toBeVisible();
    await expect(certs.getByRole('columnheader', { name: 'Product' })).toBeVisible();
    await expect(certs.getByRole('row', { name: /Medicare Advantage/ }).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();

    // a contract with no certifications: Info, and the empty table
    await page.getByRole('button', { name: 'Show Certification: Cigna Healthcare, Dana Whitfield' }).click();
    await closeDialog(page, CONTRACTS_TEXT.infoTitle, CONTRACTS_TEXT.noCertifications);
    await expect(page.getByText(CONTRACTS_TEXT.empty)).toBeVisible();
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();

    await page.getByRole('button', { name: `Show Downlines Certification: ${AGENCY}` }).click();
    await expect(page.getByRole('heading', { name: CONTRACTS_TEXT.downlineCertificationTitle })).toBeVisible();
    const downline = page.getByRole('table', { name: /Downline Certification View/ });
    for (const header of ['Year', 'Product', 'Contact Name', 'Upline Contact Name']) {
      await expect(downline.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(page.getByText(/Showing 1 to 10 of [\d,]+ entries/)).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'contracts-downline-certification');
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();
    await expect(page.getByRole('table', { name: 'ARC Agency Contracts' })).toBeVisible();
  });

  test("opening a contract's view scrolls it into place, its heading focused and its table in sight", async ({
    page,
  }) => {
    await signIn(page);
    await openContracts(page);
    await page.getByRole('button', { name: `Show Downlines Certification: ${AGENCY}` }).click();
    const heading = page.getByRole('heading', { name: CONTRACTS_TEXT.downlineCertificationTitle });
    await expect(heading).toBeFocused();
    // just below the fixed header, not at y = 620
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeLessThan(160);
    await expect(page.getByRole('table', { name: /Downline Certification View/ })).toBeInViewport();
  });

  test('none-found and failure messages of every call', async ({ page }) => {
    // the contracts call fails (retried twice, then the message)
    await page.route('**/arc/agents/contracts', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal Server Error' } }),
    );
    await signIn(page);
    await page.goto('/profile');
    await expect(page.getByText(CONTRACTS_TEXT.contractsFailed).first()).toBeVisible({ timeout: 30_000 });
    await page.unroute('**/arc/agents/contracts');
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await expect(page.getByRole('button', { name: `Show Downlines: ${AGENCY}` })).toBeVisible();

    await page.route('**/arc/agent/downlines/certification/**', (route) => route.fulfill({ json: { data: [] } }));
    await page.getByRole('button', { name: 'Show Downlines Certification: Humana, Dana Whitfield' }).click();
    await closeDialog(page, CONTRACTS_TEXT.infoTitle, CONTRACTS_TEXT.noDownlineCertifications);
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();
    await page.unroute('**/arc/agent/downlines/certification/**');
    await page.route('**/arc/agent/downlines/certification/**', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal Server Error' } }),
    );
    // (another contract: an answer stays cached for half a minute)
    await page.getByRole('button', { name: 'Show Downlines Certification: UnitedHealthcare, Dana Whitfield' }).click();
    await closeDialog(page, CONTRACTS_TEXT.errorTitle, CONTRACTS_TEXT.downlineCertificationFailed);
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();

    await page.route('**/arc/agent/certification/**', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal Server Error' } }),
    );
    await page.getByRole('button', { name: 'Show Certification: Aetna, Dana Whitfield' }).click();
    await closeDialog(page, CONTRACTS_TEXT.errorTitle, CONTRACTS_TEXT.certificationFailed);
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();

    await page.route('**/arc/agent/downlines/a*', (route) => route.fulfill({ json: { data: [] } }));
    await page.getByRole('button', { name: 'Show Downlines: Humana, Dana Whitfield' }).click();
    await closeDialog(page, CONTRACTS_TEXT.infoTitle, CONTRACTS_TEXT.noDownlines);
    await page.getByRole('button', { name: CONTRACTS_TEXT.back }).click();

    // a view opened without an id
    await page.goto('/profile?view=certification&id=');
    await closeDialog(page, CONTRACTS_TEXT.errorTitle, CONTRACTS_TEXT.missingContractId);
  });

  test("demo2 reaches none of demo's contracts", async ({ page, browser }) => {
    await signIn(page);
    await openContracts(page);
    await page.getByRole('button', { name: `Show Downlines: ${AGENCY}` }).click();
    await expect(page).toHaveURL(/view=downlines/);
    const demoContractId = new URL(page.url()).searchParams.get('id')!;

    const other = await browser.newContext();
    const page2 = await other.newPage();
    await signIn(page2, DEMO2);
    await page2.goto('/profile');
    await expect(page2.getByRole('table', { name: 'ARC Individual Agent Contracts' })).toBeVisible({ timeout: 30_000 });
    await expect(page2.getByText('Whitfield')).toHaveCount(0);
    await page2.goto(`/profile?view=downlines&id=${demoContractId}`);
    await closeDialog(page2, CONTRACTS_TEXT.errorTitle, CONTRACTS_TEXT.downlinesFailed);
    await expect(page2.getByRole('tree')).toHaveCount(0);
    await other.close();
  });
});

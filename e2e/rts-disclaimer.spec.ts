import { DISCLAIMER_TEXT, RTS_TEXT } from '@arc/contract';
import { accessToken, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

const DANE = { id: '55025', state: 'WI' };

test.describe('[RTS] [DISCLAIMER]', () => {
  test("the board shows demo's grid by carrier, state and product; its filters and plan years", async ({ page }) => {
    await signIn(page);
    // the dashboard's line, written by the server, counts the Ready marks under the rule (an active contract, the plan
    // year's certification, the carrier's flag): demo's seeded contracts (seed/contracts.ts, seed/supplies.ts) leave
    // Humana, UnitedHealthcare and Anthem Ready in all 5 states and Aetna in 3 (its own flag: not MN, IL) next year
    const line = page.getByTestId('rts-summary');
    await expect(line).toHaveText(
      /^Ready to Sell 4 carriers for \d{4}: 3 in 5 states, 1 in 3 states · as of \d\d\/\d\d\/\d{4}$/,
    );
    await line.getByRole('link').click();
    await expect(page).toHaveURL(/\/rts$/);
    await expect(page.getByRole('heading', { name: RTS_TEXT.title, level: 1 })).toBeVisible();
    // in the side menu with the other compliance tools, under Training & Certifications
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Training & Certifications').click();
    await expect(menu.getByRole('link', { name: 'Ready to Sell' })).toHaveAttribute('aria-current', 'page');
    await expect(menu.getByRole('link', { name: 'TPMO Disclaimer' })).toBeVisible();

    const year = await page.getByRole('combobox', { name: RTS_TEXT.planYear }).inputValue();
    const ma = page.getByRole('table', { name: `Medicare Advantage ${year}` });
    await expect(ma.getByRole('columnheader')).toHaveText([/Carrier/, /IA/, /IL/, /MI/, /MN/, /WI/]);
    const row = (carrier: string) => ma.getByRole('row').filter({ has: page.getByText(carrier, { exact: true }) });
    await expect(row('Humana').getByText('Ready', { exact: true })).toHaveCount(5);
    await expect(row('Wellcare').getByText('Pending', { exact: true })).toHaveCount(5);
    await expect(row('Wellcare').getByText('Appointment pending').first()).toBeVisible();
    await expect(row('Molina Healthcare').getByText('Not appointed', { exact: true })).toHaveCount(5);
    // no contract with Quartz or Security Health Plan: never Ready
    await expect(row('Quartz Health Solutions').getByText('Not appointed', { exact: true })).toHaveCount(5);
    await expect(row('Security Health Plan').getByText('Ready', { exact: true })).toHaveCount(0);
    // Devoted's next-year certification is due: not Ready in any state
    await expect(row('Devoted Health').getByText('Not ready', { exact: true })).toHaveCount(5);
    await expect(row('Devoted Health').getByText('Certification due')).toHaveCount(5);
    // certified, but Aetna's own flag says not ready in MN and IL
    await expect(row('Aetna').getByText('Ready', { exact: true })).toHaveCount(3);
    await expect(row('Aetna').getByText('Not ready', { exact: true })).toHaveCount(2);
    await expect(row('Aetna').getByText('Certification due')).toHaveCount(0);
    await expect(
      row('Humana')
        .getByText(/^as of \d\d\/\d\d\/\d{4}$/)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: `Prescription Drug Plan ${year}` })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'rts-board');

    // filters: one state, one product
    await page.getByRole('combobox', { name: RTS_TEXT.state }).selectOption('MN');
    await expect(ma.getByRole('columnheader')).toHaveText([/Carrier/, /MN/]);
    await page.getByRole('combobox', { name: RTS_TEXT.product }).selectOption('PDP');
    await expect(ma).toHaveCount(0);
    const pdp = page.getByRole('table', { name: `Prescription Drug Plan ${year}` });
    await expect(pdp.getByRole('row')).toHaveCount(1 + 4);
    // the other plan year: Devoted is Ready there (only the newest year's certification is due)
    const other = String(Number(year) - 1);
    await page.getByRole('combobox', { name: RTS_TEXT.product }).selectOption('');
    await page.getByRole('combobox', { name: RTS_TEXT.planYear }).selectOption(other);
    const older = page.getByRole('table', { name: `Medicare Advantage ${other}` });
    await expect(older.getByRole('row').filter({ hasText: 'Devoted Health' })).toContainText('Ready');
    await expect(older.getByText('Certification due')).toHaveCount(0);
  });

  test('the disclaimer for Dane County, WI counts what demo represents there; Copy, Spanish, a ZIP across counties', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    await page.goto('/disclaimer');
    await expect(page.getByRole('heading', { name: DISCLAIMER_TEXT.title, level: 1 })).toBeVisible();
    const planYear = page.getByRole('combobox', { name: DISCLAIMER_TEXT.planYear });
    await expect(planYear).not.toHaveValue('0');
    const year = Number(await planYear.inputValue());

    // the hand count, through the Order Supplies catalog (the landscape as that screen lists it): Dane County's
    // carriers Ready to Sell there, and each one's plans
    const token = await accessToken(page);
    const post = async (path: string, data: object) =>
      (await page.request.post(path, { data, headers: { authorization: `Bearer ${token}` } })).json();
    const [county] = await post('/arc/products/bycounty', { countyid: DANE.id, year });
    const ready = (county.groups[0].companies as { name: string; isReadyToSell: boolean }[]).filter(
      (c) => c.isReadyToSell,
    );
    let plans = 0;
    for (const company of ready) {
      const list = await post('/arc/products/malandscapedata', {
        county: DANE.id,
        state: DANE.state,
        year,
        company: company.name,
      });
      plans += new Set((list as { contractid: string; planid: string }[]).map((p) => `${p.contractid}-${p.planid}`))
        .size;
    }
    expect(ready.length).toBeGreaterThan(1);
    expect(plans).toBeGreaterThan(ready.length);
    // the stand-alone drug plans (PDPs) count too, for the carriers demo is Ready to Sell PDPs with in WI (the board)
    const board = await (
      await page.request.get(`/arc/rts?year=${year}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const pdpReady = (board.cells as { carrier: string; state: string; productType: string; status: string }[])
      .filter((c) => c.state === DANE.state && c.productType === 'PDP' && c.status === 'ready')
      .map((c) => c.carrier);
    expect(pdpReady).toEqual(expect.arrayContaining(['Humana', 'UnitedHealthcare']));

    await page.getByRole('combobox', { name: 'County' }).fill('Dane');
    await page.getByRole('option', { name: 'Dane County' }).click();
    await page.getByRole('button', { name: DISCLAIMER_TEXT.show }).click();
    const text = page.getByTestId('disclaimer-text');
    await expect(page.getByTestId('disclaimer-kinds')).toHaveText(
      'Counted: Medicare Advantage and stand-alone prescription drug plans',
    );
    // the PDPs listed (their S contract ids) are of carriers Ready to Sell PDPs, Humana's and UnitedHealthcare's among them
    const pdpItems = page.getByRole('listitem').filter({ hasText: /^S\d{4}-\d{3}-\d{3} · / });
    const pdpNames = await pdpItems.allTextContents();
    expect(pdpNames.some((name) => name.includes('Humana'))).toBe(true);
    expect(pdpNames.some((name) => name.includes('UHC'))).toBe(true);
    const organizations = new Set([...ready.map((c) => c.name), ...pdpReady]).size;
    const products = plans + pdpNames.length;
    await expect(text).toContainText(
      `Currently we represent ${organizations} organizations which offer ${products} products in your area.`,
    );
    await expect(page.getByTestId('disclaimer-counts')).toContainText(`${organizations} of `);
    await expect(page.getByTestId('disclaimer-counts')).toContainText(` organizations, ${products} of`);
    // CY2027 (sold from 1 October 2026) drops the SHIP referral and is said before any discussion of benefits
    if (year >= 2027) {
      await expect(text).not.toContainText('SHIP');
      await expect(page.getByText(/before any discussion of benefits/)).toBeVisible();
    }
    for (const company of ready)
      await expect(page.getByText(new RegExp(`^${company.name} \\(\\d+ plans?\\)$`))).toBeVisible();

    await page.getByRole('button', { name: DISCLAIMER_TEXT.copy }).click();
    await expect(page.getByRole('button', { name: DISCLAIMER_TEXT.copied })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await text.textContent());

    await page.getByText('Español', { exact: true }).click();
    await expect(text).toHaveAttribute('lang', 'es');
    await expect(text).toContainText(
      `Actualmente representamos a ${organizations} organizaciones que ofrecen ${products} productos en su área.`,
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'disclaimer-dane');

    // a ZIP that crosses county lines (the demo's crosswalk sample): said, and each county used
    await page.getByText(DISCLAIMER_TEXT.byZip, { exact: true }).click();
    await page.getByRole('textbox', { name: DISCLAIMER_TEXT.zip }).fill('54619');
    await page.getByRole('button', { name: DISCLAIMER_TEXT.show }).click();
    await expect(page.getByText(/^ZIP 54619 reaches 3 counties \(/)).toBeVisible();
    await page.getByRole('textbox', { name: DISCLAIMER_TEXT.zip }).fill('5461');
    await page.getByRole('button', { name: DISCLAIMER_TEXT.show }).click();
    await expect(page.getByText('A ZIP code is 5 digits.')).toBeVisible();
  });
});

import fs from 'node:fs';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

/**
 * Demo's (Dana Whitfield's) Humana individual contract, the top of a 14-agent downline: the seed's id,
 * `crmId('a0C', 'agt_demo:humana:Person Account')` (apps/server/src/seed/contracts.ts).
 */
const DEMO_HUMANA_CONTRACT = 'a0Cqzw6jZv4mia3lm0';
/** A contract no other test knows, placed under it. */
const NEW_CONTRACT = 'a0CE2E0000000031A1';
const UNKNOWN_UPLINE = 'a0CE2E0000000031Z9';

const HEADER =
  'contract_id,holder_npn,contact_name,record_type,carrier,status,writing_number,upline_contract_id,hierarchy_report_id';
const NEW_LINE = `${NEW_CONTRACT},,Quentin Marlowe,Person Account,Humana,Active,HU731001,${DEMO_HUMANA_CONTRACT},`;
const REJECTED_LINE = `a0CE2E0000000031A2,,Rosa Vantongeren,Person Account,Humana,Active,HU731002,${UNKNOWN_UPLINE},`;

const csv = (lines: string[]) => ({
  name: 'contracts.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...lines].join('\n')),
});

test.describe('[STAFF] Contracts import', () => {
  test('a rejected line keeps Apply disabled; an applied contract shows in demo’s downline at once', async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(120_000);
    await (
      await signInStaff(admin, 'admin')
    )();
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Imports' }).click();
    await expect(admin.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    const kind = admin.getByRole('combobox', { name: 'Kind' });
    await expect(kind.getByRole('option')).toHaveText([
      'Agents (roster)',
      'Contracts',
      'Certifications',
      'Ready to Sell',
    ]);
    await kind.selectOption({ label: 'Contracts' });
    const format = admin.getByRole('region', { name: 'File format' });
    await expect(format.getByRole('heading', { name: 'File format: Contracts' })).toBeVisible();
    await expect(format.getByText(HEADER)).toBeVisible();
    await expect(format.getByText('POST /arc/staff/imports/contracts')).toBeVisible();
    await expect(admin.getByRole('checkbox')).toHaveCount(0);

    // ── an upline neither in the file nor on file: the line and its reason, nothing to apply
    // the upload form's file input (the background imports below have their own)
    const file = admin.locator('input[type=file]').first();
    await file.setInputFiles(csv([NEW_LINE, REJECTED_LINE]));
    await admin.getByRole('button', { name: 'Preview' }).click();
    const preview = admin.getByRole('region', { name: 'Preview' });
    const rejected = preview.getByRole('table', { name: 'Rejected lines (1)' });
    await expect(rejected.getByRole('row', { name: /^3 / })).toContainText(
      `upline_contract_id: ${UNKNOWN_UPLINE} is neither in the file nor on file`,
    );
    await expect(
      preview.getByRole('table', { name: 'New (1)' }).getByRole('cell', { name: NEW_CONTRACT }),
    ).toBeVisible();
    await expect(preview.getByText(/Nothing can be applied while a line is rejected/)).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-import-contracts-preview');

    // ── the file without it: preview, apply
    await file.setInputFiles(csv([NEW_LINE]));
    await expect(admin.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await admin.getByRole('button', { name: 'Preview' }).click();
    await expect(preview.getByRole('table', { name: 'New (1)' })).toBeVisible();
    await expect(preview.getByRole('table', { name: /^Rejected/ })).toHaveCount(0);
    await admin.getByRole('button', { name: 'Apply' }).click();
    await expect(
      admin.getByRole('region', { name: 'Imported' }).getByText('The file was applied: 1 new, 0 changed.'),
    ).toBeVisible();

    // ── demo's Ready-to-Sell rows (every carrier and product type in five states, two plan years): the newest year a
    // page at a time, narrowed by carrier and state
    await admin.goto('/staff/agents/17000001');
    const readyToSell = admin.getByRole('region', { name: 'Ready to Sell' });
    await expect(readyToSell.getByText(/^[\d,]+ ready, [\d,]+ not ready · showing 1–50 of [\d,]+$/)).toBeVisible();
    const years = await readyToSell.getByRole('combobox', { name: 'Plan year' }).locator('option').allTextContents();
    expect(years.length).toBeGreaterThan(1);
    await expect(readyToSell.getByRole('combobox', { name: 'Plan year' })).toHaveValue(years.toSorted().at(-1)!);
    await expect(readyToSell.getByRole('table', { name: 'Ready to Sell' }).getByRole('row')).toHaveCount(1 + 50);
    await readyToSell.getByRole('combobox', { name: 'Carrier' }).selectOption({ index: 1 });
    await readyToSell.getByRole('combobox', { name: 'State' }).selectOption('WI');
    await expect(readyToSell.getByRole('table', { name: 'Ready to Sell' }).getByRole('row').nth(1)).toContainText('WI');
    await readyToSell.getByRole('combobox', { name: 'State' }).selectOption('');
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-agent-ready-to-sell');

    // ── demo, signed in elsewhere, sees the contract below theirs on My Profile's contracts
    const agentContext = await browser.newContext();
    const demo = await agentContext.newPage();
    await signIn(demo);
    await demo.goto('/profile');
    await demo.getByRole('button', { name: 'Show Downlines: Humana, Dana Whitfield' }).click({ timeout: 30_000 });
    await expect(demo).toHaveURL(new RegExp(`[?&]id=${DEMO_HUMANA_CONTRACT}`));
    const status = demo.getByTestId('hierarchy-status');
    await expect(status).toHaveText('15 agents below this contract', { timeout: 20_000 });
    await demo.getByRole('textbox', { name: 'Search' }).fill('Marlowe');
    await expect(status).toHaveText('1 of 15 agents match');
    await expect(demo.getByRole('tree').getByRole('treeitem', { name: /Quentin Marlowe/ })).toBeVisible();
    await agentContext.close();
  });
});

const JOB_CONTRACT = 'a0CE2E0000000106A1';
const T65_HEADER = 't65,prefix,first_name,middle,last_name,address1,address2,city,state,zip,county,phone,ncoa_date';

test.describe('[STAFF] Background imports', () => {
  test('admin starts import jobs, follows them to Done and Failed, and downloads the rejected lines', async ({
    page: admin,
  }) => {
    test.setTimeout(120_000);
    await (
      await signInStaff(admin, 'admin')
    )();
    await admin.goto('/staff/imports');
    const jobs = admin.getByRole('region', { name: 'Background imports' });
    await expect(jobs.getByRole('heading', { name: 'Background imports' })).toBeVisible();
    const kind = jobs.getByRole('combobox', { name: 'Import' });
    const file = jobs.locator('input[type=file]');

    // ── a contracts file of one standalone contract: applied in the background, Done
    await kind.selectOption({ label: 'Contracts' });
    await file.setInputFiles({
      name: 'contracts-job.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${HEADER}\n${JOB_CONTRACT},,Ida Jobson,Person Account,Humana,Active,HU106001,,\n`),
    });
    await jobs.getByRole('button', { name: 'Start import' }).click();
    const contractsRow = jobs.getByRole('row').filter({ hasText: 'contracts-job.csv' }).first();
    await expect(contractsRow.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(contractsRow.getByText('1 row read · 0 rejected')).toBeVisible();
    await expect(contractsRow.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    // ── a T65 list whose every line is rejected: Failed, the list untouched, the reasons in the report
    await kind.selectOption({ label: 'T65 prospect list' });
    await file.setInputFiles({
      name: 't65-bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${T65_HEADER}\n2027-01-15,,Ana,,Berg,1 Main St,,Madison,WI,53202,55025,,2026-11-01\n` +
          '2027-13-40,,Bo,,Lind,2 Main St,,Madison,WI,53703,55025,,2026-11-01\n',
      ),
    });
    await jobs.getByRole('button', { name: 'Start import' }).click();
    const t65Row = jobs.getByRole('row').filter({ hasText: 't65-bad.csv' }).first();
    await expect(t65Row.getByText('Failed', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(t65Row.getByText('2 rows read · 2 rejected')).toBeVisible();
    await expect(t65Row.getByText(/No line of the file is valid/)).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-import-jobs');

    const downloading = admin.waitForEvent('download');
    await t65Row.getByRole('button', { name: 'Download the rejected lines of t65-bad.csv' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('t65-bad rejected lines.csv');
    const report = fs.readFileSync(await download.path(), 'utf8');
    expect(report).toContain('2,"zip 53202 is not in Dane County, WI"');
    expect(report.split(/\r?\n/)[0]).toBe('line,reason,content');
  });
});

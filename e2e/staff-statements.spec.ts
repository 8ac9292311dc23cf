import fs from 'node:fs';
import { formatStatementDate } from '@arc/contract';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

const DEMO_NPN = '17000001';
const HEADER = 'npn,statement_date,carrier,policy_number,client,product,effective_date,transaction,premium,commission';

/** The first of next month: newer than every seeded statement, so demo's list shows it first; a re-run replaces it. */
const next = new Date();
const PERIOD = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);

const csv = (lines: string[]) => ({
  name: 'statements.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n'),
});
const GOOD = [
  `${DEMO_NPN},${PERIOD},Humana,PE2E33001,"Moore, Linda",Medicare Advantage,${PERIOD},New,112.40,320.50`,
  `${DEMO_NPN},${PERIOD},Aetna,PE2E33002,"Clark, Susan",Part D,${PERIOD},Renewal,30.00,24.75`,
];
const UNKNOWN_NPN = `99999991,${PERIOD},Aetna,PE2E33003,"Hall, Ann",Dental,${PERIOD},New,10.00,5.00`;

test.describe('[STAFF] Commission statements', () => {
  test('admin previews and publishes a statement file; demo sees and downloads the new statement', async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(120_000);
    await (
      await signInStaff(admin, 'admin')
    )();
    await admin
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Commission statements' })
      .click();
    await expect(admin.getByRole('heading', { name: 'Commission statements', level: 1 })).toBeVisible();
    const format = admin.getByRole('region', { name: 'File format' });
    await expect(format.getByText(HEADER)).toBeVisible();
    await expect(format.getByRole('link', { name: 'Download a sample CSV' })).toHaveAttribute(
      'download',
      'commission-statements-sample.csv',
    );

    // ── an unknown NPN: the line and its reason, nothing to publish
    const file = admin.locator('input[type=file]');
    await file.setInputFiles(csv([...GOOD, UNKNOWN_NPN]));
    await admin.getByRole('button', { name: 'Preview' }).click();
    const preview = admin.getByRole('region', { name: 'Preview' });
    const rejected = preview.getByRole('table', { name: 'Rejected lines (1)' });
    await expect(rejected.getByRole('row').nth(1)).toHaveText(/^4npn: no agent with NPN 99999991$/);
    await expect(admin.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await expectAccessible(admin);

    // ── the good lines: preview (period, agents, lines, total), then publish
    await file.setInputFiles(csv(GOOD));
    await admin.getByRole('button', { name: 'Preview' }).click();
    await expect(preview.getByText(formatStatementDate(PERIOD))).toBeVisible();
    await expect(preview.getByText('$345.25')).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-statements-preview');
    // publishing notifies every agent in the file: it asks first, saying so
    await admin.getByRole('button', { name: 'Publish' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Publish the statements?' });
    await expect(confirm).toContainText(
      `1 agent gets a new statement of ${formatStatementDate(PERIOD)} and a notification.`,
    );
    await confirm.getByRole('button', { name: 'Publish' }).click();
    const published = admin.getByRole('region', { name: 'Published' });
    await expect(
      published.getByText(`1 agent has a new statement of ${formatStatementDate(PERIOD)} and was notified.`),
    ).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-statements-published');

    // ── demo, signed in elsewhere: the new statement first in Commission Statements, its CSV downloads
    const agentContext = await browser.newContext();
    const demo = await agentContext.newPage();
    await signIn(demo);
    await demo.goto('/commissions');
    const table = demo.getByRole('table', { name: 'Commission Statements' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(formatStatementDate(PERIOD));
    const [download] = await Promise.all([demo.waitForEvent('download'), row.getByRole('button').click()]);
    expect(download.suggestedFilename()).toBe(`Dana_Whitfield_${PERIOD}.csv`);
    expect(fs.readFileSync(await download.path(), 'utf8')).toBe(
      'Carrier,Policy Number,Client,Product,Effective Date,Transaction,Premium,Commission\r\n' +
        `Humana,PE2E33001,"Moore, Linda",Medicare Advantage,${PERIOD},New,112.40,320.50\r\n` +
        `Aetna,PE2E33002,"Clark, Susan",Part D,${PERIOD},Renewal,30.00,24.75\r\n` +
        'Total,,,,,,,345.25\r\n',
    );

    // ── the notification under the bell opens Commission Statements
    await demo.goto('/');
    await demo.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const news = demo
      .getByRole('button', { name: `Your commission statement of ${formatStatementDate(PERIOD)} is ready` })
      .first();
    await expect(news).toContainText('(unread)');
    await news.click();
    await demo.waitForURL((url) => url.pathname === '/commissions');
    await agentContext.close();
  });
});

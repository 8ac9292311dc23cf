import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, expectAccessible, latestMailTo, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

test.describe('[STAFF] Audit log and staff members', () => {
  test('admin filters the audit log, exports it as .xlsx, adds a staff member, changes their role, disables and enables them', async ({
    page,
  }) => {
    await (
      await signInStaff(page, 'admin')
    )();
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Audit' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/audit');
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();

    // the admin's own sign-in is in the log
    await page.getByLabel('Action').selectOption('staff.sign-in.succeeded');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/[?&]action=staff\.sign-in\.succeeded/);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: 'admin@provider.test' }).first()).toBeVisible();
    for (const text of await rows.locator('td:nth-child(2)').allInnerTexts()) {
      expect(text).toBe('staff.sign-in.succeeded');
    }
    // the filter is in the URL: a reload keeps it and the field shows it
    await page.reload();
    await expect(page.getByLabel('Action')).toHaveValue('staff.sign-in.succeeded');
    await expect(rows.filter({ hasText: 'admin@provider.test' }).first()).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'staff-audit');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export .xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Audit log \d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 2).toString('latin1')).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('action');
    const actionColumn = header.indexOf('action') + 1;
    expect(sheet.rowCount).toBeGreaterThanOrEqual(2);
    for (let r = 2; r <= sheet.rowCount; r += 1) {
      expect(sheet.getRow(r).getCell(actionColumn).value).toBe('staff.sign-in.succeeded');
    }

    // staff management: add, see the one-time link (e-mailed too), change the role, disable, enable
    await menu.getByRole('link', { name: 'Staff members' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/members');
    await expect(page.getByRole('heading', { name: 'Staff members', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'admin@provider.test (you)' })).toBeVisible();
    // nobody disables themselves
    await expect(page.getByRole('button', { name: 'Disable admin@provider.test' })).toHaveCount(0);
    const before = Date.now() - 1000;
    const email = `e2e-${Date.now()}@provider.test`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Role', { exact: true }).selectOption('support');
    await page.getByRole('button', { name: 'Add staff member' }).click();
    await expect(page.getByText('Staff member added')).toBeVisible();
    await expect(page.getByLabel('Enrolment link')).toHaveText(/\/staff\/enrol\/[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText(`Sent to ${email}`)).toBeVisible();
    const link = (await page.getByLabel('Enrolment link').innerText()).trim();
    const mail = await latestMailTo(page, email, before);
    expect(mail.text).toContain(link);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Support');
    await expect(row).toContainText('Not enrolled');
    await expect(row).toContainText('Active');
    await expectAccessible(page);
    await screenshotBoth(page, 'staff-members');

    await page.getByRole('button', { name: `Disable ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable staff member' });
    await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Disabled');
    await expect(page.getByRole('button', { name: `Disable ${email}` })).toHaveCount(0);

    // nobody changes their own role; another member's changes after a confirmation
    await expect(page.getByRole('button', { name: 'Change role of admin@provider.test' })).toHaveCount(0);
    await page.getByRole('button', { name: `Change role of ${email}` }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Change role' });
    await expect(roleDialog).toContainText('Their sessions stay open');
    await roleDialog.getByLabel('New role').selectOption('operations');
    await expectAccessible(page);
    await screenshotBoth(page, 'staff-members-role');
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await expect(roleDialog).toBeHidden();
    await expect(row).toContainText('Operations');

    await page.getByRole('button', { name: `Enable ${email}` }).click();
    const enableDialog = page.getByRole('dialog', { name: 'Enable staff member' });
    await enableDialog.getByRole('button', { name: 'Enable' }).click();
    await expect(enableDialog).toBeHidden();
    await expect(row).toContainText('Active');
    await expect(page.getByRole('button', { name: `Disable ${email}` })).toBeVisible();

    // every change is in the log, under that staff member
    await page.goto(`/staff/audit?staff=${encodeURIComponent(email)}`);
    await expect(rows.nth(1)).toContainText('staff.enabled');
    await expect(rows.nth(2)).toContainText('staff.role-changed');
    // the change reads as a person says it, not as the stored JSON
    await expect(rows.nth(2)).toContainText('support → operations');
    await expect(rows.nth(3)).toContainText('staff.disabled');
    await expect(rows.nth(4)).toContainText('staff.created');
    await expect(rows.nth(1)).toContainText('By: admin@provider.test');
  });

  test('ops reads the audit log without Export and has no Staff members', async ({ page }) => {
    await (
      await signInStaff(page, 'ops')
    )();
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Staff members' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Audit' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export .xlsx' })).toHaveCount(0);
    await page.goto('/staff/members');
    await expect(page.getByText('Not available to your role')).toBeVisible();
  });
});

import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

test.describe('[STAFF] Back office sign-in', () => {
  test('admin signs in with password and TOTP and sees the staff home; ops signs in too', async ({
    page: admin,
    browser,
  }) => {
    // two sign-ins, each of which may wait for the next TOTP step
    test.setTimeout(120_000);
    const finish = await signInStaff(admin, 'admin');
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-sign-in-code');
    await finish();
    await expect(admin.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'admin@provider.test' })).toBeVisible();
    await expect(admin.getByRole('cell', { name: 'Admin', exact: true })).toBeVisible();
    await expect(
      admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit' }),
    ).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-home-admin');

    // a page load restores the session from the app's own record (docs/decisions/back-office.md), never the agent's key
    expect(await admin.evaluate(() => Object.keys(sessionStorage).filter((key) => key.endsWith('session')))).toEqual([
      'arc-staff.session',
    ]);
    await admin.reload();
    await expect(admin.getByRole('cell', { name: 'admin@provider.test' })).toBeVisible();

    // another browser profile: a staff sign-in never reuses another's session anyway (docs/decisions/back-office.md)
    const context = await browser.newContext();
    const ops = await context.newPage();
    await (
      await signInStaff(ops, 'ops')
    )();
    await expect(ops.getByRole('cell', { name: 'ops@provider.test' })).toBeVisible();
    await expect(ops.getByRole('cell', { name: 'Operations', exact: true })).toBeVisible();
    const menu = ops.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Agents' })).toBeVisible();
    // staff management is the admin's; operations reads the audit log (docs/decisions/audit-log.md)
    await expect(menu.getByRole('link', { name: 'Audit' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Staff members' })).toHaveCount(0);
    await ops.getByRole('button', { name: 'Sign out' }).click();
    await ops.waitForURL(/\/staff\/sign-in$/);
    await context.close();
  });

  test("refuses an agent's token on a staff call", async ({ page }) => {
    await signIn(page);
    const status = await page.evaluate(async () => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('oidc.user:'));
      const token = (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const response = await fetch('/arc/staff/me', { headers: { authorization: `Bearer ${token ?? ''}` } });
      return { hasToken: Boolean(token), status: response.status };
    });
    expect(status).toEqual({ hasToken: true, status: 403 });
  });
});

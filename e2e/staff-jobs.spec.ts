import { expect, expectAccessible, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

test.describe('[STAFF] Jobs', () => {
  test('admin sees the job kinds with their last and next runs, and runs a schedule now', async ({ page }) => {
    await (
      await signInStaff(page, 'admin')
    )();
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await menu.getByRole('link', { name: 'Jobs' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/jobs');
    await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();

    const table = page.getByRole('table', { name: 'Job kinds' });
    const purge = table.getByRole('row').filter({ hasText: 'Sign-in session purge' });
    await expect(purge).toContainText('Every 10 minutes');
    await expect(table.getByRole('row').filter({ hasText: 'Weekly pended-enrollment digest' })).toContainText(
      'Mondays at 07:00',
    );
    await expect(table.getByRole('row').filter({ hasText: 'Import file' })).toContainText('When the app adds one');
    // a schedule's next run is a date; a kind run for added jobs has none
    await expect(purge.getByRole('cell').nth(3)).toHaveText(/\d{4}/);

    await purge.getByRole('button', { name: 'Run now: Sign-in session purge' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Sign-in session purge: started.' })).toBeVisible();
    // the run ends on one server and the page shows it (it reloads the list every 10 s)
    await expect(purge).toContainText('Completed', { timeout: 30_000 });
    await expect(purge.getByRole('cell').nth(2)).not.toContainText('Not yet');

    await expectAccessible(page);
    await screenshotBoth(page, 'staff-jobs');
  });

  test('operations has no Jobs in the menu, and the page is not for them', async ({ page }) => {
    await (
      await signInStaff(page, 'ops')
    )();
    const menu = page.getByRole('navigation', { name: 'Back office' });
    await expect(menu.getByRole('link', { name: 'Supply orders' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Jobs' })).toHaveCount(0);
    await page.goto('/staff/jobs');
    await expect(page.getByText('Not available to your role')).toBeVisible();
  });
});

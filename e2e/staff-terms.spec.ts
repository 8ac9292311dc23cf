import { expect, expectAccessible, latestMailTo, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

/*
 * Publishing a terms version sends EVERY agent to the terms gate, demo included, and the other specs run with demo
 * signed in. So this spec is the only one of the `after-the-others` project (playwright.config.ts), which starts
 * when every other spec is done, on the same server: nothing else runs while version 2 is in force. A later spec
 * that needs demo past the gate would have to accept the new version first; this one accepts it at its end.
 * Alone: `playwright test e2e/staff-terms.spec.ts --no-deps` (without --no-deps Playwright runs the whole
 * `desktop` project first, as a dependency).
 */
test.describe('[STAFF] Terms versions', () => {
  test('admin drafts and publishes version 2; demo, signed in, is sent to the gate at the next screen, sees the new text and accepts', async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(150_000);
    const marker = `Version 2 marker ${Date.now().toString(36)}`;

    // demo is signed in and on the dashboard before anything is published
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await expect(demo).toHaveURL(/\/$|\/dashboard/);

    await (
      await signInStaff(admin, 'admin')
    )();
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Terms versions' }).click();
    await expect(admin.getByRole('heading', { name: 'Terms versions', level: 1 })).toBeVisible();
    const versions = admin.getByRole('table', { name: 'Terms versions' });
    await expect(versions.getByRole('row').filter({ hasText: 'Version 1' })).toContainText('Published');
    await expect(admin.getByRole('table', { name: 'Acceptance history' }).getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-terms');

    // a draft: an empty text is refused in the form; then the text, saved, previewed as the gate
    await admin.getByRole('link', { name: 'New draft' }).click();
    await expect(admin.getByRole('heading', { name: 'New terms version', level: 1 })).toBeVisible();
    await admin.getByRole('textbox', { name: 'Title' }).fill('Terms of Service, version 2');
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await expect(admin.getByText('Write the text')).toBeVisible();
    const editor = admin.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await editor.pressSequentially(`Section 1. ${marker}. Agents keep their credentials private.`);
    await admin.getByRole('button', { name: 'Save draft' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
    await expect(admin).toHaveURL(/\/staff\/terms\/\d+$/);
    await expect(
      admin.getByRole('heading', { name: /Version \d+: Terms of Service, version 2/, level: 1 }),
    ).toBeVisible();
    const preview = admin.getByLabel('Preview');
    await expect(preview.getByRole('region', { name: 'Terms of Service text' })).toContainText(marker);
    await expect(preview.getByText('I AGREE')).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-terms-draft');

    // the agent still works: a draft is not in force
    await demo.reload();
    await expect(demo).not.toHaveURL(/tosgate/);

    await admin.getByRole('button', { name: /Publish version \d+/ }).click();
    const confirm = admin.getByRole('dialog', { name: /Publish version \d+\?/ });
    await confirm.getByRole('button', { name: 'Publish', exact: true }).click();
    // the page now shows the version as published, read-only: no form, the preview alone
    await expect(admin.getByText('Published', { exact: true })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Save draft' })).toBeHidden();

    // demo's next screen (one it has not loaded yet): the gate with the new text; I AGREE opens the portal again
    const statements = demo.getByRole('navigation', { name: 'Main menu' }).getByRole('link', {
      name: 'Commission Statements',
    });
    // the live notification ("Updated Terms of Service") makes the bell call the server, which may have sent demo
    // to the gate already; otherwise the next screen's first call does
    if (!/\/tosgate$/.test(demo.url())) await statements.click({ timeout: 5000 }).catch(() => {});
    await expect(demo).toHaveURL(/\/tosgate$/);
    await expect(demo.getByRole('region', { name: 'Terms of Service text' })).toContainText(marker);
    await expectAccessible(demo);
    await demo.getByRole('button', { name: 'I AGREE' }).click();
    await expect(demo).not.toHaveURL(/tosgate/);
    await statements.click();
    await expect(demo.getByRole('heading', { name: 'Commission Statements', level: 1 })).toBeVisible();
    await expect(demo.getByRole('table', { name: 'Commission Statements' }).getByRole('row').nth(1)).toBeVisible();

    // the acceptance is in the history
    await admin.getByRole('link', { name: 'All terms versions' }).click();
    const history = admin.getByRole('table', { name: 'Acceptance history' });
    await expect(history.getByRole('row').nth(1)).toContainText('17000001');
    await context.close();
  });

  test('admin sees who has not accepted the terms and sends the reminder', async ({ page: admin }) => {
    test.setTimeout(120_000);
    await (
      await signInStaff(admin, 'admin')
    )();
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Terms versions' }).click();
    await admin.getByRole('tab', { name: 'Not accepted' }).click();
    await expect(admin).toHaveURL(/\/staff\/terms\?list=not-accepted$/);
    // the count names the version in force (version 2 once the test above published it)
    await expect(admin.getByText(/^[\d,]+ agents? ha(s|ve) not accepted version \d+$/)).toBeVisible();
    const table = admin.getByRole('table', { name: 'Agents who have not accepted' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-terms-not-accepted');

    // demo accepted the version in force (above): not listed; demo2 did not
    await admin.getByRole('textbox', { name: 'Search' }).fill('17000001');
    await expect(table).toContainText('No agent matches this search.');
    await admin.getByRole('textbox', { name: 'Search' }).fill('17000002');
    const demo2 = table.getByRole('row', { name: /Marcus Oyelaran/ });
    await expect(demo2).toContainText('demo2@agents.example');
    await expect(demo2).toContainText('Never');

    // "everyone" asks first; cancelled, nothing is sent
    await admin.getByRole('button', { name: 'Send a reminder to everyone' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Remind everyone who has not accepted?' });
    await expect(confirm).toContainText(/not accepted version \d+/);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    const before = Date.now() - 1000;
    await demo2.getByRole('checkbox', { name: 'Select Marcus Oyelaran' }).click();
    await admin.getByRole('button', { name: 'Send a reminder to the selected' }).click();
    await expect(admin.getByRole('status').filter({ hasText: '1 reminded.' })).toBeVisible();
    await expect(demo2).not.toContainText('Never');
    // the newest e-mail to demo2 (the publication's notice to every agent may still be going out)
    await expect
      .poll(async () => (await latestMailTo(admin, 'demo2@agents.example', before)).subject, { timeout: 20_000 })
      .toContain('Reminder: accept the updated Terms of Service');
    expect((await latestMailTo(admin, 'demo2@agents.example', before)).text).toContain(
      'Please sign in and accept them',
    );
    await screenshotBoth(admin, 'staff-terms-reminded');

    // a second reminder the same day is skipped, and the answer says so
    await demo2.getByRole('checkbox', { name: 'Select Marcus Oyelaran' }).click();
    await admin.getByRole('button', { name: 'Send a reminder to the selected' }).click();
    await expect(
      admin.getByRole('status').filter({ hasText: '0 reminded, 1 skipped: reminded in the last 24 hours.' }),
    ).toBeVisible();
  });
});

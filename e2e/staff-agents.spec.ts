import { MESSAGES } from '@arc/contract';
import { accessToken, DEMO2, expect, expectAccessible, latestMailTo, linkIn, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

/** Three agents no other test knows: the roster this test imports. */
const ROSTER = [
  'npn,first,last,email,phone,state,tier,status',
  '31000001,Nora,Lindqvist,nora.lindqvist@agents.example,608-555-0101,WI,Standard,active',
  '31000002,Omar,Haddad,omar.haddad@agents.example,608-555-0102,WI,Unlimited,active',
  '31000003,Pia,Moreau,pia.moreau@agents.example,,MN,Standard,active',
].join('\n');

test.describe('[STAFF] Agents and imports in the back office', () => {
  test('admin imports a roster, a new agent registers; deactivating demo2 ends its session; ops has no staff management', async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(120_000);
    await (
      await signInStaff(admin, 'admin')
    )();
    const menu = admin.getByRole('navigation', { name: 'Back office' });

    // ── the roster import: preview, then apply
    await menu.getByRole('link', { name: 'Imports' }).click();
    await expect(admin.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
    await expect(admin.getByRole('link', { name: 'Download a sample CSV' })).toBeVisible();
    await admin
      .locator('input[type=file]')
      // the page's first upload (the background imports have their own below)
      .first()
      .setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(ROSTER) });
    await expect(admin.getByText(/^roster\.csv · /)).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await admin.getByRole('button', { name: 'Preview' }).click();
    const preview = admin.getByRole('region', { name: 'Preview' });
    await expect(preview.getByRole('table', { name: 'New (3)' })).toBeVisible();
    await expect(preview.getByRole('cell', { name: '31000002' })).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-import-preview');
    await admin.getByRole('button', { name: 'Apply' }).click();
    const imported = admin.getByRole('region', { name: 'Imported' });
    await expect(imported.getByText('The file was applied: 3 new, 0 changed.')).toBeVisible();

    // ── the list: the search lives in the URL
    await menu.getByRole('link', { name: 'Agents' }).click();
    await expect(admin.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search' }).fill('3100000');
    await expect(admin).toHaveURL(/[?&]q=3100000/);
    await expect(admin.getByRole('link', { name: '31000003' })).toBeVisible();
    await expect(admin.getByRole('row')).toHaveCount(4);
    await admin.getByRole('button', { name: 'NPN' }).click();
    await admin.getByRole('button', { name: 'NPN' }).click();
    await expect(admin).toHaveURL(/sort=-npn/);
    await expect(admin.getByRole('row').nth(1)).toContainText('31000003');
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-agents-list');
    await admin.getByRole('searchbox', { name: 'Search' }).fill('no-such-agent-anywhere');
    await expect(admin.getByText('No agent matches “no-such-agent-anywhere”.')).toBeVisible();

    // ── one of the new agents registers by NPN as a newcomer
    const agentContext = await browser.newContext();
    const newcomer = await agentContext.newPage();
    await newcomer.goto('/sign-in');
    await newcomer.waitForURL(/\/interaction\//);
    await newcomer.getByRole('link', { name: 'Register' }).click();
    const before = Date.now() - 1000;
    await newcomer.getByRole('textbox', { name: 'NPN', exact: true }).fill('31000001');
    await newcomer.getByRole('button', { name: 'Submit' }).click();
    await expect(newcomer.getByText(MESSAGES.registerSuccess)).toBeVisible();
    const mail = await latestMailTo(newcomer, 'nora.lindqvist@agents.example', before);
    await newcomer.goto(linkIn(mail.text, '/register'));
    await newcomer.getByLabel('New Password').fill('Roster-Pass-2026');
    await newcomer.getByLabel('Confirm Password').fill('Roster-Pass-2026');
    await newcomer.getByRole('button', { name: /create password|submit/i }).click();
    await expect(newcomer.getByText('Your password was created.')).toBeVisible();
    await agentContext.close();
    await admin.goto('/staff/agents/31000001');
    await expect(admin.getByRole('heading', { name: 'Nora Lindqvist', level: 1 })).toBeVisible();
    await expect(admin.getByRole('row', { name: /^Registered Yes/ })).toBeVisible();
    await expect(admin.getByRole('button', { name: 'Resend registration link' })).toHaveCount(0);

    // ── demo2, signed in elsewhere, is deactivated: the next call is 401 and the agent is sent to sign in
    const demo2Context = await browser.newContext();
    const demo2 = await demo2Context.newPage();
    await signIn(demo2, DEMO2);
    const token = await accessToken(demo2);
    await admin.goto('/staff/agents?q=17000002');
    await admin.getByRole('link', { name: '17000002' }).click();
    await expect(admin).toHaveURL(/\/staff\/agents\/17000002$/);
    await expect(menu.getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-agent-page');
    await admin.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Deactivate this agent?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect(admin.getByText('The agent is deactivated: every session of the agent has ended.')).toBeVisible();
    try {
      const call = await demo2.request.get('/arc/user/info', { headers: { authorization: `Bearer ${token}` } });
      expect(call.status()).toBe(401);
      await demo2.goto('/profile');
      // where it lands, not the load of each navigation on the way (the app's redirect replaces the /sign-in one)
      await expect(demo2).toHaveURL(/\/interaction\//);
      await expect(demo2.getByLabel('Username or NPN')).toBeVisible();
    } finally {
      // reactivated whatever happened above: other specs sign demo2 in
      await admin.getByRole('button', { name: 'Reactivate' }).click();
      await expect(admin.getByText('The agent is active again.')).toBeVisible();
    }
    await signIn(demo2, DEMO2);
    await expect(demo2).not.toHaveURL(/\/interaction\//);
    await demo2Context.close();

    // ── ops: no staff management (docs/decisions/audit-log.md: operations reads the audit log)
    const opsContext = await browser.newContext();
    const ops = await opsContext.newPage();
    await (
      await signInStaff(ops, 'ops')
    )();
    const opsMenu = ops.getByRole('navigation', { name: 'Back office' });
    await expect(opsMenu.getByRole('link', { name: 'Imports' })).toBeVisible();
    await expect(opsMenu.getByRole('link', { name: 'Staff members' })).toHaveCount(0);
    await ops.goto('/staff/members');
    await expect(ops.getByText('Not available to your role')).toBeVisible();
    await opsContext.close();
  });
});

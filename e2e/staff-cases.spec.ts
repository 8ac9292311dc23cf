import { CASE_LABELS, CASE_MESSAGES, STAFF_CASE_MESSAGES } from '@arc/contract';
import { accessToken, expect, expectAccessible, expectInView, latestMailTo, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

const DEMO_EMAIL = 'demo@agents.example';

test.describe('[STAFF] Member-support cases', () => {
  test('demo files a case; ops assigns it, notes and replies; the reply reaches the mailbox and My cases', async ({
    page: ops,
    browser,
  }) => {
    test.setTimeout(150_000);
    // a member of this run only, so the case is found whatever other tests filed
    const member = `Wendell Okafor ${Date.now().toString(36)}`;
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await demo.getByRole('button', { name: /user menu/i }).click();
    await demo.getByRole('menuitem', { name: 'Case Form' }).click();
    await demo.getByRole('textbox', { name: CASE_LABELS.memberName }).fill(member);
    await demo.getByRole('textbox', { name: CASE_LABELS.dateOfBirth }).pressSequentially('07041952');
    await demo.getByRole('combobox', { name: CASE_LABELS.requestType }).selectOption('Claim Issue');
    await demo.getByRole('textbox', { name: CASE_LABELS.description }).fill('The lab work of June 3 was billed twice.');
    await demo.getByRole('button', { name: CASE_LABELS.send }).click();
    const sent = demo.getByRole('dialog', { name: CASE_MESSAGES.successTitle });
    await expect(sent.getByText(CASE_MESSAGES.success)).toBeVisible();
    await sent.getByRole('button', { name: 'Close' }).click();

    // ops: the queue, then the case found by its member
    await (
      await signInStaff(ops, 'ops')
    )();
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Cases' }).click();
    await expect(ops.getByRole('heading', { name: 'Member-support cases', level: 1 })).toBeVisible();
    const table = ops.getByRole('table', { name: 'Member-support cases' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await ops.getByRole('combobox', { name: 'Assignee' }).selectOption('Unassigned');
    await expect(ops).toHaveURL(/assignee=none/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-cases-queue');
    await ops.getByRole('searchbox', { name: 'Search' }).fill(member);
    // the search waits for a pause in typing: the row is the searched list's once the URL holds it
    await expect(ops).toHaveURL(/[?&]q=Wendell/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    const link = table.getByRole('link', { name: `Claim Issue for ${member}` });
    await expect(link).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: member })).toContainText('Unassigned');
    await link.click();

    await expect(ops.getByRole('heading', { name: `Claim Issue for ${member}`, level: 1 })).toBeVisible();
    await expect(ops.getByText('The lab work of June 3 was billed twice.')).toBeVisible();
    await ops.getByRole('button', { name: 'Assign to me' }).click();
    await expect(ops.getByRole('status').filter({ hasText: STAFF_CASE_MESSAGES.assigned })).toBeVisible();
    await expect(ops.getByText('Assigned to ops')).toBeVisible();
    await expect(ops.getByRole('button', { name: 'Assign to me' })).toBeHidden();
    await ops.getByRole('combobox', { name: 'Status' }).selectOption('In progress');
    await ops.getByRole('button', { name: 'Set status' }).click();
    await expect(ops.getByRole('status').filter({ hasText: STAFF_CASE_MESSAGES.statusChanged })).toBeVisible();

    await ops.getByRole('textbox', { name: 'Internal note' }).fill('Checked the claim history: two identical lines.');
    await ops.getByRole('button', { name: 'Add note' }).click();
    await expect(ops.getByRole('status').filter({ hasText: STAFF_CASE_MESSAGES.noted })).toBeVisible();
    // an empty reply is refused in the form, with the contract's message
    await ops.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(ops.getByText('The reply is required')).toBeVisible();
    const reply = 'The carrier has removed the duplicate charge.\nThe corrected statement follows within 10 days.';
    await ops.getByRole('textbox', { name: 'Reply to the agent' }).fill(reply);
    const before = Date.now() - 1000;
    await ops.getByRole('button', { name: 'Reply', exact: true }).click();
    await expect(ops.getByRole('status').filter({ hasText: STAFF_CASE_MESSAGES.replied })).toBeVisible();
    await expect(ops.getByText(`E-mailed to ${DEMO_EMAIL}`)).toBeVisible();
    // the whole page from its top (the header is fixed: scrolled, a full-page picture shows it mid-page)
    await ops.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-case');

    // the reply in the development mailbox, with the link to the case on My cases
    const mail = await latestMailTo(ops, DEMO_EMAIL, before, 'Member support replied');
    expect(mail.subject).toContain(`Member support replied: Claim Issue for ${member}`);
    expect(mail.text).toContain(reply);
    expect(mail.text).not.toContain('two identical lines');
    const caseLink = /https?:\/\/\S+\/my-cases\?case=\S+/.exec(mail.text)?.[0];
    expect(caseLink).toBeTruthy();

    // demo: My cases from the user menu shows the case In progress with the reply, never the internal note
    await demo.getByRole('button', { name: /user menu/i }).click();
    await demo.getByRole('menuitem', { name: 'My cases' }).click();
    await expect(demo.getByRole('heading', { name: 'My cases', level: 1 })).toBeVisible();
    const item = demo.getByRole('button', { name: new RegExp(`Claim Issue for ${member}`) });
    await expect(item).toContainText('1 reply');
    await expect(item).toContainText('In progress');
    await item.click();
    const replyText = demo.getByText('The carrier has removed the duplicate charge.');
    await expect(replyText).toBeVisible();
    await expect(demo.getByText('ops, member support', { exact: false })).toBeVisible();
    await expect(demo.getByText('two identical lines')).toHaveCount(0);
    await expectAccessible(demo);
    await screenshotBoth(demo, 'my-cases');

    // the e-mail's link opens the same case
    await demo.goto(new URL(caseLink!).pathname + new URL(caseLink!).search);
    await expect(demo.getByText('The carrier has removed the duplicate charge.')).toBeVisible();
    await context.close();
  });

  test('ops filters by request type, reads each case’s age, and assigns two cases to support from the list', async ({
    page: ops,
    browser,
  }) => {
    test.setTimeout(120_000);
    // two Billing Support cases of this run, filed through the agent's own call (the Case Form's)
    const run = `Zq${Date.now().toString(36)}`;
    const members = [`${run} Abernathy`, `${run} Bellweather`];
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    const token = await accessToken(demo);
    for (const memberName of members) {
      const filed = await demo.request.post('/arc/case/reportCase', {
        headers: { authorization: `Bearer ${token}` },
        data: { memberName, memberId: 'H7777-001', dateOfBirth: '1951-02-03', requestType: 'Billing Support' },
      });
      expect(filed.status()).toBe(201);
    }
    await context.close();

    await (
      await signInStaff(ops, 'ops')
    )();
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Cases' }).click();
    const table = ops.getByRole('table', { name: 'Member-support cases' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await ops.getByRole('combobox', { name: 'Request type' }).selectOption('Billing Support');
    await expect(ops).toHaveURL(/requestType=Billing\+Support/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    const caseLinks = table.getByRole('link');
    await expect(caseLinks.first()).toBeVisible();
    for (const text of await caseLinks.allTextContents()) expect(text).toMatch(/^Billing Support/);

    // this run's two, by the members' names
    await ops.getByRole('searchbox', { name: 'Search' }).fill(run);
    await expect(ops).toHaveURL(new RegExp(`[?&]q=${run}`));
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('columnheader', { name: 'Age', exact: true })).toBeVisible();
    for (const member of members) {
      const row = table.getByRole('row').filter({ hasText: member });
      // filed a moment ago: minutes old, well inside the SLA
      await expect(row).toContainText(/\d+ min/);
      await expect(row).not.toContainText('Past SLA');
      await expect(row).toContainText('Unassigned');
      await table.getByRole('checkbox', { name: `Select case Billing Support for ${member}` }).check();
    }
    await ops.getByRole('combobox', { name: 'Assign to' }).selectOption('support');
    await ops.getByRole('button', { name: 'Assign 2', exact: true }).click();
    await expect(ops.getByRole('status').filter({ hasText: '2 cases assigned to support.' })).toBeVisible();
    for (const member of members) {
      await expect(table.getByRole('row').filter({ hasText: member })).toContainText('support');
    }
    await ops.getByRole('combobox', { name: 'Assignee' }).selectOption('support');
    await expect(ops).toHaveURL(/assignee=demo-staff-support/);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(table.getByRole('row')).toHaveCount(3);
    // every column at 1280 px, the assignee among them
    await expectInView(ops, table.getByRole('columnheader', { name: 'Assigned to' }), 'the cases’ Assigned to');
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-cases-assigned');
  });

  test('the supply orders queue shows every column at 1280 px and says it scrolls sideways at 390 px', async ({
    page: ops,
  }) => {
    await (
      await signInStaff(ops, 'ops')
    )();
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Supply orders' }).click();
    const table = ops.getByRole('table', { name: 'Supply orders' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    const region = ops.getByRole('region', { name: 'Supply orders' });
    // the words' size: none while every column fits (data-table.module.css)
    const hint = () => region.evaluate((box) => getComputedStyle(box, '::before').fontSize);
    await expectInView(ops, table.getByRole('columnheader', { name: 'Assigned to' }), 'the orders’ Assigned to');
    expect(await hint()).toBe('0px');
    await ops.setViewportSize({ width: 390, height: 844 });
    // the table keeps its columns on a phone and says, in words above them, that it scrolls sideways
    await expect.poll(hint).toBe('12px');
    await ops.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(hint).toBe('0px');
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-orders-queue');
  });
});

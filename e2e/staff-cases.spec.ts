import { CASE_LABELS, CASE_MESSAGES, STAFF_CASE_MESSAGES } from '@arc/contract';
import { expect, expectAccessible, latestMailTo, signIn, test } from './fixtures.ts';
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
    await ops.getByLabel('Search').fill(member);
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
    const mail = await latestMailTo(ops, DEMO_EMAIL, before);
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
});

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { chooseUploadClient } from './enrollment-helpers.ts';
import { DEMO, expect, expectAccessible, signIn, test, untilAtRest } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { searchQueue, signInStaff } from './staff-helpers.ts';

async function enrollmentPdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Medicare Advantage enrollment application', { x: 60, y: 720, size: 18, font });
  page.drawText(title, { x: 60, y: 690, size: 12, font });
  return Buffer.from(await doc.save());
}

test.describe('[STAFF] Operations on a busy day', () => {
  test('ops starts on the work dashboard and assigns three enrollments to a support colleague, who works them from Mine', async ({
    page: ops,
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const names = [1, 2, 3].map((n) => `ops-day-${stamp}-${n}.pdf`);

    // demo uploads three enrollments
    const demoContext = await browser.newContext();
    const demo = await demoContext.newPage();
    await signIn(demo);
    await demo.goto('/enrollments');
    await demo.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await chooseUploadClient(demo, 'Okafor', 'Walter Okafor');
    await demo
      .getByLabel('Enrollment PDF files')
      .setInputFiles(
        await Promise.all(
          names.map(async (name) => ({ name, mimeType: 'application/pdf', buffer: await enrollmentPdf(name) })),
        ),
      );
    for (const name of names) {
      await expect(demo.getByTestId('upload-line').filter({ hasText: `${name} uploaded` })).toBeVisible();
    }
    await demoContext.close();

    // ops: the day starts on the dashboard
    await (
      await signInStaff(ops, 'ops')
    )();
    await expect(ops.getByRole('heading', { name: 'Back office', level: 1 })).toBeVisible();
    const waiting = ops.getByRole('table', { name: 'Waiting work' });
    await expect(waiting.getByRole('row').filter({ hasText: 'Enrollments received or in review' })).toBeVisible();
    await expect(waiting.getByRole('row').filter({ hasText: 'Cases open and unassigned' })).toBeVisible();
    await expect(ops.getByRole('heading', { name: 'My work' })).toBeVisible();
    await untilAtRest(ops);
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-work-dashboard');

    // the three new uploads, unassigned, assigned to support in one go
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Enrollments' }).click();
    await expect(ops.getByRole('heading', { name: 'Enrollments', level: 1 })).toBeVisible();
    const table = ops.getByRole('table', { name: 'Enrollments' });
    await ops.getByRole('combobox', { name: 'Assignee' }).selectOption('Unassigned');
    await searchQueue(ops, table, DEMO.npn);
    for (const name of names) {
      // the row names its client (the one named at upload) and its file
      await table.getByRole('checkbox', { name: `Select Enrollment: Walter Okafor (${name})` }).check();
    }
    await ops.getByRole('combobox', { name: 'Assign to' }).selectOption('support');
    await ops.getByRole('button', { name: 'Assign 3', exact: true }).click();
    await expect(ops.getByRole('status').filter({ hasText: '3 enrollments assigned to support.' })).toBeVisible();
    await ops.getByRole('combobox', { name: 'Assignee' }).selectOption('support');
    for (const name of names) {
      await expect(table.getByRole('row').filter({ hasText: name })).toContainText('support');
    }
    await untilAtRest(ops);
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-enrollments-assigned');

    // support works them from Mine
    const supportContext = await browser.newContext();
    const support = await supportContext.newPage();
    await (
      await signInStaff(support, 'support')
    )();
    await support.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Enrollments' }).click();
    await support.getByRole('combobox', { name: 'Assignee' }).selectOption('Mine');
    const mine = support.getByRole('table', { name: 'Enrollments' });
    await expect(mine).not.toHaveAttribute('aria-busy', 'true');
    for (const name of names) await expect(mine.getByRole('row').filter({ hasText: name })).toBeVisible();
    await mine.getByRole('button', { name: `Open Enrollment: Walter Okafor (${names[0]})` }).click();
    const panel = support.getByRole('dialog', { name: `Enrollment: Walter Okafor (${names[0]})` });
    await panel.getByRole('button', { name: 'Start review' }).click();
    await expect(panel.getByRole('table', { name: 'Enrollment log' })).toContainText('Start review');
    await expect(panel.getByRole('table', { name: 'Enrollment log' })).toContainText('Assigned to support');
    await untilAtRest(support);
    await expectAccessible(support);
    await supportContext.close();
  });

  test("an order's note is on the order's own page, with its history", async ({ page: ops }) => {
    const note = `Called the agent about the address (${Date.now()})`;
    await (
      await signInStaff(ops, 'ops')
    )();
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Supply orders' }).click();
    const table = ops.getByRole('table', { name: 'Supply orders' });
    await ops.getByRole('combobox', { name: 'Sort' }).selectOption('Newest first');
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    const row = table.getByRole('row').nth(1);
    const orderId = (await row.getByRole('cell').nth(1).textContent())!.trim();
    await row.getByRole('checkbox', { name: `Select order ${orderId}` }).check();
    await ops
      .getByRole('group', { name: 'Actions on the selected orders' })
      .getByRole('button', { name: 'Note' })
      .click();
    const dialog = ops.getByRole('dialog');
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await table.getByRole('link', { name: orderId, exact: true }).click();
    await expect(ops.getByRole('heading', { name: `Order ${orderId}`, level: 1 })).toBeVisible();
    await expect(ops.getByRole('table', { name: 'Order details' })).toContainText('Ship to');
    const history = ops.getByRole('table', { name: 'History and notes' });
    await expect(history).toContainText(`Note: ${note}`);
    await expect(history).toContainText('Kept from the agent');
    await untilAtRest(ops);
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-order-page');
  });
});

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEMO, expect, expectAccessible, signIn, test, untilAtRest } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { searchQueue, signInStaff } from './staff-helpers.ts';

/** A real one-page enrollment form, so PDF.js has something to draw. */
async function enrollmentPdf(title: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawText('Medicare Advantage enrollment application', { x: 60, y: 720, size: 18, font });
  page.drawText(title, { x: 60, y: 690, size: 12, font });
  page.drawText('Applicant signature: ______________________', { x: 60, y: 200, size: 12, font });
  return Buffer.from(await doc.save());
}

test.describe('[STAFF] Enrollments queue', () => {
  test("ops reads demo's uploaded PDF in the page and pends it with a reason; demo's Enrollment Upload page shows Pended and the reason", async ({
    page: ops,
    browser,
  }) => {
    test.setTimeout(150_000);
    const stamp = Date.now();
    const fileName = `queue-${stamp}.pdf`;
    const reason = `Page 2 is not signed (${stamp})`;

    // demo uploads an enrollment from their own browser
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await demo.goto('/enrollments');
    await demo.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await demo
      .getByLabel('Enrollment PDF files')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: await enrollmentPdf(fileName) });
    await expect(demo.getByTestId('upload-line').filter({ hasText: `${fileName} uploaded` })).toBeVisible();

    await (
      await signInStaff(ops, 'ops')
    )();
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Enrollments' }).click();
    await expect(ops.getByRole('heading', { name: 'Enrollments', level: 1 })).toBeVisible();
    const table = ops.getByRole('table', { name: 'Enrollments' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();

    // demo's new upload: Received, found by demo's NPN
    await ops.getByRole('combobox', { name: 'Status' }).selectOption('Received');
    await searchQueue(ops, table, DEMO.npn);
    const row = table.getByRole('row').filter({ hasText: fileName });
    await expect(row).toContainText('Received');
    await untilAtRest(ops);
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-enrollments-queue');

    // the PDF opens inside the page (PDF.js draws it)
    await row.getByRole('button', { name: `Open Enrollment: ${fileName}` }).click();
    const panel = ops.getByRole('dialog', { name: `Enrollment: ${fileName}` });
    await expect(panel.getByRole('img', { name: `${fileName}, page 1 of 1` })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('button', { name: 'Download PDF' })).toBeVisible();

    // an illegal move is refused with its reason
    await panel.getByRole('button', { name: 'Submit to carrier' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      'Only an enrollment in review or resolved can be submitted to the carrier.',
    );

    // Pend asks what is missing
    await panel.getByRole('button', { name: 'Pend', exact: true }).click();
    await panel.getByRole('button', { name: 'Pend the enrollment' }).click();
    await expect(panel.getByText('Say what is missing: the agent reads it')).toBeVisible();
    await panel.getByLabel('Reason').fill(reason);
    await panel.getByRole('button', { name: 'Pend the enrollment' }).click();
    await expect(panel.getByRole('status')).toHaveText('Pend: saved');
    await expect(panel.getByText('Pended: what is missing')).toBeVisible();
    await expect(panel.getByRole('table', { name: 'Enrollment log' })).toContainText('ops');
    await expect(panel.getByRole('table', { name: 'Enrollment log' })).toContainText(`Pended: ${reason}`);
    await untilAtRest(ops);
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-enrollments-pended');

    // demo's Enrollment Upload page: the status and the reason, on coming back to it
    await demo.goto('/enrollments');
    const pended = demo.getByRole('table', { name: 'Pended Enrollments' });
    await expect(pended.getByRole('row').filter({ hasText: reason })).toBeVisible();
    const mine = demo.getByRole('table', { name: 'Client Enrollments' });
    await demo.getByRole('searchbox', { name: 'Search' }).fill(String(stamp));
    await expect(mine.getByRole('row').filter({ hasText: fileName })).toContainText('Pended');
    await untilAtRest(demo);
    await expectAccessible(demo);
    await screenshotBoth(demo, 'enrollments-pended-by-staff');
    await context.close();
  });
});

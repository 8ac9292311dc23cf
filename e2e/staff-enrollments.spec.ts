import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { addUploadClient, chooseUploadClient } from './enrollment-helpers.ts';
import { accessToken, DEMO, expect, expectAccessible, signIn, test, untilAtRest } from './fixtures.ts';
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
    // a client of demo's made in the upload panel, named for this run only
    const lastName = `Pend${String(stamp).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
    const title = `Enrollment: Nora ${lastName}`;

    // demo uploads an enrollment from their own browser
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await demo.goto('/enrollments');
    await demo.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await addUploadClient(demo, { firstName: 'Nora', lastName, birthDate: '1957-05-09' });
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

    // the export: the filtered set (Received, demo's), as an .xlsx
    const [download] = await Promise.all([
      ops.waitForEvent('download'),
      ops.getByRole('button', { name: 'Export .xlsx' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Enrollments queue \d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(fs.readFileSync(await download.path()) as never);
    const sheet = workbook.worksheets[0]!;
    const exported = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).values as unknown[]);
    expect(exported.some((values) => values.includes(fileName))).toBe(true);
    expect(exported.every((values) => values.includes('Received') && values.includes(DEMO.npn))).toBe(true);
    await untilAtRest(ops);
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-enrollments-queue');

    // the PDF opens inside the page (PDF.js draws it)
    await row.getByRole('button', { name: `Open ${title}` }).click();
    const panel = ops.getByRole('dialog', { name: title });
    await expect(panel.getByRole('img', { name: `${fileName}, page 1 of 1` })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('button', { name: 'Download PDF' })).toBeVisible();

    // only the moves a received enrollment allows are offered (the server refuses any other with 409)
    await expect(panel.getByRole('group', { name: 'Actions on this enrollment' }).getByRole('button')).toHaveText([
      'Start review',
      'Pend',
    ]);
    await expect(panel.getByRole('button', { name: 'Submit to carrier' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Resolve' })).toHaveCount(0);

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

  test("demo uploads Linda Berg's enrollment naming her; ops enters the plan from the landscape and marks it Enrolled; demo sees it with her name and the plan", async ({
    page: ops,
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const fileName = `berg-${stamp}.pdf`;
    const applicationNumber = `HUM-${stamp}`;

    // demo names Linda Berg (one of their clients) and the carrier with the upload
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await demo.goto('/enrollments');
    await demo.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await chooseUploadClient(demo, 'Berg', 'Linda Berg');
    await demo.getByRole('textbox', { name: 'Carrier (optional)' }).fill('Humana');
    await untilAtRest(demo);
    await expectAccessible(demo);
    await screenshotBoth(demo, 'enrollments-upload-naming-client');
    await demo
      .getByLabel('Enrollment PDF files')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: await enrollmentPdf(fileName) });
    await expect(demo.getByTestId('upload-line').filter({ hasText: `${fileName} uploaded` })).toBeVisible();

    // ops finds it under Linda Berg's name
    await (
      await signInStaff(ops, 'ops')
    )();
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Enrollments' }).click();
    const table = ops.getByRole('table', { name: 'Enrollments' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await ops.getByRole('combobox', { name: 'Status' }).selectOption('Received');
    await searchQueue(ops, table, DEMO.npn);
    const row = table.getByRole('row').filter({ hasText: fileName });
    await expect(row).toContainText('Berg');
    await row.getByRole('button', { name: 'Open Enrollment: Linda Berg' }).click();
    const panel = ops.getByRole('dialog', { name: 'Enrollment: Linda Berg' });
    await panel.getByRole('button', { name: 'Start review' }).click();
    await expect(panel.getByText('Start review: saved')).toBeVisible();

    // the data: the plan offered from the 2027 landscape of Milwaukee County, WI (Linda Berg's)
    const data = panel.getByRole('form', { name: 'Enrollment data' });
    await data.getByLabel('Effective date').fill('2027-01-01');
    await expect(data.getByText(/plans of the 2027 landscape in Milwaukee County, WI/)).toBeVisible();
    const choice = data.getByRole('combobox', { name: 'Plan from the landscape' });
    const optionText = (await choice.locator('option').nth(1).textContent()) ?? '';
    const [planId, planName] = optionText.split(' · ');
    await choice.selectOption(planId!);
    await expect(data.getByLabel('Plan (contract-plan id)')).toHaveValue(planId!);
    await expect(data.getByLabel('Plan name')).toHaveValue(planName!);
    await expect(data.getByLabel('Product type')).toHaveValue('medicare-advantage');
    await data.getByLabel('Application or confirmation number').fill(applicationNumber);
    await data.getByRole('button', { name: 'Save enrollment data' }).click();
    await expect(panel.getByText('Enrollment data: saved')).toBeVisible();
    await expect(panel.getByRole('table', { name: 'Enrollment log' })).toContainText(
      'Updated carrier, plan name, plan',
    );
    await expect(panel.getByText(`${planName} (${planId})`)).toBeVisible();

    // submitted to the carrier, then the outcome: Enrolled
    await panel.getByRole('button', { name: 'Submit to carrier' }).click();
    await expect(panel.getByText('Submit to carrier: saved')).toBeVisible();
    await panel.getByRole('group', { name: 'Record the outcome' }).getByRole('button', { name: 'Enrolled' }).click();
    await expect(panel.getByText('Enrolled: saved')).toBeVisible();
    await expect(panel.getByText('Enrolled', { exact: true }).first()).toBeVisible();
    await untilAtRest(ops);
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-enrollment-enrolled');

    // demo: the list shows Linda Berg, the carrier, the plan and Enrolled; her page's timeline too
    await demo.goto('/enrollments');
    const mine = demo.getByRole('table', { name: 'Client Enrollments' });
    await demo.getByRole('searchbox', { name: 'Search' }).fill(String(stamp));
    const line = mine.getByRole('row').filter({ hasText: fileName });
    await expect(line).toContainText('Enrolled');
    await expect(line).toContainText('Linda');
    await expect(line).toContainText(`${planName} (${planId})`);
    await line.getByRole('link', { name: 'Berg' }).click();
    await expect(demo.getByRole('heading', { name: 'Linda Berg', level: 1 })).toBeVisible();
    await expect(demo.getByText(`${planName} (${planId})`).first()).toBeVisible();
    await untilAtRest(demo);
    await expectAccessible(demo);
    await screenshotBoth(demo, 'client-enrollment-enrolled');

    // the bell told demo with Linda Berg's name, not the file's
    const news = await demo.request.get('/arc/agent/notifications', {
      headers: { authorization: `Bearer ${await accessToken(demo)}` },
    });
    const rows = ((await news.json()) as { rows: { title: string; body: string }[] }).rows;
    expect(rows.find((n) => n.title === 'Enrollment enrolled: Linda Berg')?.body).toContain(planName!);
    expect(JSON.stringify(rows)).not.toContain(fileName);
    await context.close();
  });
});

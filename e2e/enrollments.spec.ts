import fs from 'node:fs';
import path from 'node:path';
import { ENROLLMENT_MESSAGES, ENROLLMENTS_EXPORT_COLUMNS } from '@arc/contract';
import ExcelJS from 'exceljs';
import { chooseUploadClient } from './enrollment-helpers.ts';
import { AFTER_RETRIES, DEMO, expect, expectAccessible, expectInView, signIn, test } from './fixtures.ts';

/** The staff API key e2e/start-server.mjs gives the server. */
const STAFF_KEY = 'e2e-staff-api-key-0123456789abcdef';
const staffHeaders = { authorization: `Bearer ${STAFF_KEY}` };
const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screenshots');

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n% ${name}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
});

interface StaffEnrollment {
  id: string;
  fileName: string | null;
  mode: string;
  Status: string;
}

test.describe('[ENROLLMENTS]', () => {
  test('upload two PDFs and a non-PDF in one drop: two uploaded, one failed with its reason; mode stored', async ({
    page,
  }) => {
    const stamp = Date.now();
    await signIn(page);
    await page.goto('/enrollments');
    await expect(page.getByRole('heading', { name: 'Enrollment Upload', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await chooseUploadClient(page, 'Okafor', 'Walter Okafor');
    await page.getByRole('radio', { name: 'Pended Enrollment' }).check();
    await page
      .getByLabel('Enrollment PDF files')
      .setInputFiles([
        pdf(`first-${stamp}.pdf`),
        pdf(`second-${stamp}.pdf`),
        { name: `notes-${stamp}.txt`, mimeType: 'text/plain', buffer: Buffer.from('not a pdf') },
      ]);
    const lines = page.getByTestId('upload-line');
    await expect(lines.filter({ hasText: `first-${stamp}.pdf uploaded` })).toBeVisible();
    await expect(lines.filter({ hasText: `second-${stamp}.pdf uploaded` })).toBeVisible();
    await expect(
      lines.filter({ hasText: `notes-${stamp}.txt failed the upload: ${ENROLLMENT_MESSAGES.notPdf}` }),
    ).toBeVisible();

    // the new rows show in Client Enrollments (search finds them)
    const table = page.getByRole('table', { name: 'Client Enrollments' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(String(stamp));
    await expect(table.getByRole('row').filter({ hasText: `first-${stamp}.pdf` })).toContainText('Received');
    await expect(table.getByRole('row').filter({ hasText: `second-${stamp}.pdf` })).toBeVisible();

    // the chosen mode was sent and stored
    const res = await page.request.get(`/arc/staff/enrollments?npn=${DEMO.npn}`, { headers: staffHeaders });
    const { enrollments } = (await res.json()) as { enrollments: StaffEnrollment[] };
    const mine = enrollments.filter((e) => e.fileName?.includes(String(stamp)));
    expect(mine.map((e) => e.mode)).toEqual(['problem', 'problem']);
    await expectAccessible(page);
  });

  test('a PNG renamed to .pdf is refused by the server: the line shows its message and the failure is tracked', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/enrollments');
    await page.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await chooseUploadClient(page, 'Okafor', 'Walter Okafor');
    const tracked = page.waitForRequest(
      (r) => r.url().endsWith('/arc/telemetry') && (r.postData() ?? '').includes('enrollment_upload_failed'),
    );
    await page.getByLabel('Enrollment PDF files').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    });
    await expect(
      page.getByTestId('upload-line').filter({ hasText: `scan.pdf failed the upload: ${ENROLLMENT_MESSAGES.notPdf}` }),
    ).toBeVisible();
    await tracked;
  });

  test('a large file shows its progress bar moving, then uploaded', async ({ page }, testInfo) => {
    // 40 MB generated on disk (never committed), sent through a throttled connection so the bar can be seen
    const file = testInfo.outputPath('large-enrollment.pdf');
    const fd = fs.openSync(file, 'w');
    fs.writeSync(fd, '%PDF-1.7\n');
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < 40; i += 1) fs.writeSync(fd, chunk);
    fs.closeSync(fd);

    await signIn(page);
    await page.goto('/enrollments');
    await page.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await chooseUploadClient(page, 'Okafor', 'Walter Okafor');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 10 * 1024 * 1024,
    });
    await page.getByLabel('Enrollment PDF files').setInputFiles(file);
    const bar = page.getByRole('progressbar', { name: 'Upload progress of large-enrollment.pdf' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000, intervals: [50] })
      .toBeGreaterThan(5);
    const midway = Number(await bar.getAttribute('aria-valuenow'));
    expect(midway).toBeLessThan(100);
    await expect(page.getByTestId('upload-line').filter({ hasText: 'large-enrollment.pdf uploaded' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });

  test('staff pend an upload: the agent sees the danger alert and the reason in Pended Enrollments', async ({
    page,
  }) => {
    const stamp = Date.now();
    await signIn(page);
    await page.goto('/enrollments');
    await page.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await chooseUploadClient(page, 'Okafor', 'Walter Okafor');
    await page.getByLabel('Enrollment PDF files').setInputFiles(pdf(`pend-me-${stamp}.pdf`));
    await expect(page.getByTestId('upload-line').filter({ hasText: `pend-me-${stamp}.pdf uploaded` })).toBeVisible();

    const list = await page.request.get(`/arc/staff/enrollments?npn=${DEMO.npn}&status=Received`, {
      headers: staffHeaders,
    });
    const target = ((await list.json()) as { enrollments: StaffEnrollment[] }).enrollments.find(
      (e) => e.fileName === `pend-me-${stamp}.pdf`,
    );
    expect(target).toBeDefined();
    const reason = `Missing signature on page ${stamp % 7}`;
    const patched = await page.request.patch(`/arc/staff/enrollments/${target!.id}`, {
      headers: staffHeaders,
      data: { status: 'Pended', reason, ClientFirst: 'Pendleton', ClientLast: 'Rowe', ClientState: 'WI' },
    });
    expect(patched.status()).toBe(200);

    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: ENROLLMENT_MESSAGES.pendedAlert })).toBeVisible();
    const pended = page.getByRole('table', { name: 'Pended Enrollments' });
    const row = pended.getByRole('row').filter({ hasText: reason });
    // the client named at upload: the linked client's name wins over the names the integration filled in
    await expect(row).toContainText('Okafor');
    await expect(row).not.toContainText('Pendleton');
    // the long date form: weekday, month name, day, year and time
    await expect(row).toContainText(/\w+day, \w+ \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    // and Client Enrollments keeps MM/DD/YYYY h:mm:ss a
    const client = page.getByRole('table', { name: 'Client Enrollments' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(`pend-me-${stamp}`);
    await expect(client.getByRole('row').filter({ hasText: `pend-me-${stamp}` })).toContainText(
      /\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} (am|pm)/,
    );
    await expectAccessible(page);
  });

  test('Download saves Enrollments.xlsx with the agent’s enrollments, read back', async ({ page }) => {
    await signIn(page);
    await page.goto('/enrollments');
    const table = page.getByRole('table', { name: 'Client Enrollments' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Enrollments.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...ENROLLMENTS_EXPORT_COLUMNS]);
    const statuses = new Set<string>();
    sheet.eachRow((row, index) => {
      if (index > 1) statuses.add(String(row.getCell(1).value));
    });
    // the demo agent's enrollments in several statuses, the pended ones among them
    expect(sheet.rowCount).toBeGreaterThan(10);
    expect(statuses).toContain('Pended');
    expect(statuses).toContain('Enrolled');
    // exactly the agent's own enrollments: as many rows as the table counts
    const showing = await page.getByText(/Showing \d+ to \d+ of \d+ entries/).textContent();
    const total = Number(/of (\d+) entries/.exec(showing ?? '')?.[1]);
    expect(sheet.rowCount - 1).toBe(total);
  });

  test('a failing list shows "Loading enrollments failed" and tracks loading_enrollments_failed', async ({ page }) => {
    await signIn(page);
    await page.route('**/arc/agent/enrollments', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'INTERNAL', message: 'Internal server error' }),
      }),
    );
    const tracked = page.waitForRequest(
      (r) => r.url().endsWith('/arc/telemetry') && (r.postData() ?? '').includes('loading_enrollments_failed'),
    );
    await page.goto('/enrollments');
    await expect(page.getByRole('alert').filter({ hasText: ENROLLMENT_MESSAGES.loadFailed })).toBeVisible(
      AFTER_RETRIES,
    );
    await tracked;
  });

  test('an expired session sends the agent to sign in and back to /enrollments', async ({ page }) => {
    await signIn(page);
    let refused = false;
    await page.route('**/arc/agent/enrollments', async (route) => {
      if (refused) return route.continue();
      refused = true;
      return route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'UNAUTHORIZED', message: 'Token expired' }),
      });
    });
    await page.goto('/enrollments');
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/') || url.pathname === '/enrollments');
    if (new URL(page.url()).pathname.startsWith('/interaction/')) {
      await page.getByLabel('Username or NPN').fill(DEMO.username);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
    }
    await page.waitForURL((url) => url.pathname === '/enrollments');
    await expect(page.getByRole('table', { name: 'Client Enrollments' })).toBeVisible();
  });

  test('Carrier E-App Directory lists each carrier with its own e-application link', async ({ page }) => {
    await signIn(page);
    await page.goto('/enrollments');
    await page.getByRole('link', { name: 'Carrier E-App Directory' }).click();
    await expect(page).toHaveURL('/enrollments/carrier-eapps');
    await expect(page.getByRole('heading', { name: 'Carrier E-App Directory', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Enrollment Upload/Carrier E-App Directory',
    );
    const humana = page.getByRole('link', { name: /Start a Humana e-application/ });
    await expect(humana).toHaveAttribute('href', 'https://account.humana.com/');
    await expect(humana).toHaveAttribute('target', '_blank');
    const hrefs = await page
      .getByRole('main')
      .getByRole('link', { name: /e-application/ })
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    expect(hrefs.length).toBeGreaterThanOrEqual(8);
    for (const href of hrefs) expect(href).toMatch(/^https:\/\/[^/]+\.(com|org)\//);
    await expectAccessible(page);
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'carrier-eapps-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectInView(page, humana, 'the e-application link');
    await page.screenshot({ path: path.join(SHOTS, 'carrier-eapps-390.png'), fullPage: true });
    await expectAccessible(page);
  });

  test('screenshots at 1280 and 390 px, accessible at both', async ({ page }) => {
    await signIn(page);
    await page.goto('/enrollments');
    await page.getByRole('button', { name: 'UPLOAD ENROLLMENT' }).click();
    await chooseUploadClient(page, 'Okafor', 'Walter Okafor');
    await page
      .getByLabel('Enrollment PDF files')
      .setInputFiles([
        pdf('Okafor Walter SOA.pdf'),
        { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
      ]);
    await expect(page.getByTestId('upload-line').filter({ hasText: 'Okafor Walter SOA.pdf uploaded' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Pended Enrollments' })).toBeVisible();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'enrollments-1280.png'), fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { name: 'Enrollment Upload', level: 1 })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, 'enrollments-390.png'), fullPage: true });
    await expectAccessible(page);
    // the page itself never scrolls sideways on a phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // and each enrollment's file is on screen, not in a column off to the side
    const first = page.getByRole('table', { name: 'Client Enrollments' }).getByRole('row').nth(1);
    await expectInView(page, first.getByRole('cell').nth(6), 'File');
  });
});

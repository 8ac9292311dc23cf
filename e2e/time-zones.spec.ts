import fs from 'node:fs';
import { inflateSync } from 'node:zlib';
import { formatInstant, instantOfWallTime, SOA_FORM_TEXT, SOA_TEXT } from '@arc/contract';
import ExcelJS from 'exceljs';
import { DEMO2, expect, expectAccessible, latestMailTo, linkIn, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

/** The text a PDF shows: its content streams inflated, each hex string of a Tj decoded (pdf-lib's standard fonts). */
function pdfText(pdf: Buffer): string {
  const parts: string[] = [];
  for (const match of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content = match[1]!;
    try {
      content = inflateSync(Buffer.from(content, 'latin1')).toString('latin1');
    } catch {
      // not compressed
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      parts.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
  }
  return parts.join('\n');
}

const CHICAGO = 'America/Chicago';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** YYYY-MM-DD `days` from now, in Chicago */
function chicagoDay(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: CHICAGO }).format(new Date(Date.now() + days * 86_400_000));
}

/**
 * The one time rule (issue 45): an agent whose zone is Chicago books an SOA for 10:00; the beneficiary signs on a
 * phone and agrees to 3 of 5 products; the same SOA reads 10:00 with its zone in a browser set to Chicago, in one set
 * to Tokyo, in the back office, in the e-mail, the PDF and the export.
 */
test.describe('[time zones]', () => {
  test('the same SOA shows the same wall time and zone in Chicago, in Tokyo, on the phone, in the e-mail, PDF and export', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now();
    const beneficiary = `Walter Olson ${stamp}`;
    const email = `tz-${stamp}@beneficiary.example`;
    const day = chicagoDay(10);
    const at = instantOfWallTime(day, '10:00', CHICAGO)!;
    const listed = formatInstant(at, CHICAGO, 'weekday'); // "Thu, Dec 17, 2026, 10:00 AM CST"
    const written = formatInstant(at, CHICAGO, 'long'); // "Thursday, December 17, 2026 at 10:00 AM CST"
    const zone = listed.split(' ').at(-1)!;

    // the agent, in a browser in Chicago: their zone on My Profile is Central
    const chicago = await browser.newContext({ timezoneId: CHICAGO });
    const page = await chicago.newPage();
    await signIn(page, DEMO2);
    await page.goto('/profile');
    await page.getByLabel('Time zone').selectOption(CHICAGO);
    await expect(page.getByText(`Times are shown in ${zone}.`)).toBeVisible();

    await page.goto('/soa');
    await page.getByRole('button', { name: SOA_TEXT.newRequest }).click();
    await page.getByLabel('Beneficiary name').fill(beneficiary);
    await page.getByLabel('E-mail').fill(email);
    // a time already past is refused by the form
    await page.getByLabel('Appointment date').fill(chicagoDay(-1));
    await page.getByLabel('Appointment time').fill('10:00');
    for (const name of [
      'Medicare Advantage',
      'Stand-alone Part D',
      'Dental/vision/hearing',
      'Hospital indemnity',
      'Medicare Supplement',
    ])
      await page.getByRole('checkbox', { name }).check();
    await page.getByRole('button', { name: SOA_TEXT.send }).click();
    await expect(page.getByText(SOA_TEXT.appointmentPast)).toBeVisible();
    await page.getByLabel('Appointment date').fill(day);
    await page.getByRole('button', { name: SOA_TEXT.send }).click();
    await expect(page.getByText(SOA_TEXT.sentTo(email))).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: beneficiary });
    await expect(row).toContainText(listed);
    await expectAccessible(page);

    // the e-mail: the time the appointment was booked for, with its zone
    const mail = await latestMailTo(page, email);
    expect(mail.text).toContain(written);

    // the beneficiary signs on a phone, in a browser of their own, and agrees to 3 of the 5 products
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'America/New_York' });
    const signer = await phone.newPage();
    await signer.goto(linkIn(mail.text, '/soa/sign'));
    await expect(signer.getByText(written)).toBeVisible();
    const text = SOA_FORM_TEXT.en;
    for (const product of ['medicare-advantage', 'part-d', 'medicare-supplement'] as const)
      await signer.getByRole('checkbox', { name: new RegExp(escape(text.products[product].name)) }).check();
    await signer.getByRole('textbox', { name: text.typedName }).fill(beneficiary);
    await signer.getByRole('checkbox', { name: text.agree }).check();
    await signer.getByRole('button', { name: text.submit }).click();
    await expect(signer.getByRole('heading', { name: text.doneTitle })).toBeVisible();
    await phone.close();

    // the same agent in a browser in Tokyo: the same wall time and zone, and the 3 agreed products
    const tokyo = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    const away = await tokyo.newPage();
    await signIn(away, DEMO2);
    await away.goto('/soa');
    const awayRow = away.getByRole('row').filter({ hasText: beneficiary });
    await expect(awayRow).toContainText(listed);
    await expect(awayRow).toContainText('Agreed: Medicare Advantage, Stand-alone Part D, Medicare Supplement');
    await screenshotBoth(away, 'time-zones-soa-tokyo');

    // the PDF and the export, downloaded in Tokyo
    await awayRow.getByRole('button', { name: `Show details for ${beneficiary}` }).click();
    const [pdf] = await Promise.all([
      away.waitForEvent('download'),
      away.getByRole('button', { name: `${SOA_TEXT.download}, version 1` }).click(),
    ]);
    expect(pdfText(fs.readFileSync(await pdf.path()))).toContain(written);
    const [xlsx] = await Promise.all([
      away.waitForEvent('download'),
      away.getByRole('button', { name: SOA_TEXT.export }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).values as unknown[]);
    const exported = rows.find((r) => r[header.indexOf('Beneficiary')] === beneficiary)!;
    expect(exported[header.indexOf('Appointment')]).toBe(written);
    expect(exported[header.indexOf('Products agreed')]).toBe(
      'Medicare Advantage, Stand-alone Part D, Medicare Supplement',
    );
    await tokyo.close();

    // the back office, in Tokyo too: the appointment in the zone it was booked in
    const office = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
    const staff = await office.newPage();
    await (
      await signInStaff(staff, 'admin')
    )();
    await staff.goto(`/staff/soa?beneficiary=${encodeURIComponent(beneficiary)}`);
    await expect(staff.getByRole('row').filter({ hasText: beneficiary })).toContainText(
      formatInstant(at, CHICAGO, 'short'),
    );
    await office.close();
    await chicago.close();
  });
});

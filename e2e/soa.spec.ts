import fs from 'node:fs';
import { inflateSync } from 'node:zlib';
import { SOA_FORM_TEXT, SOA_TEXT } from '@arc/contract';
import { DEMO, expect, expectAccessible, latestMailTo, linkIn, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

/** The text a PDF shows: its content streams inflated, each hex string of a Tj decoded (pdf-lib's standard fonts). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
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

/** YYYY-MM-DD, `days` from today, in the browser's (and this machine's) local time. */
function dayFromNow(days: number): string {
  const at = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
}

test.describe('[SOA]', () => {
  test('demo sends an SOA; the beneficiary signs it in Spanish on a phone; demo gets the signed PDF', async ({
    page,
    browser,
  }) => {
    // two browsers, two sign-ins, a signature and a PDF: 45 s on a quiet machine, past 60 s on a loaded one
    test.setTimeout(150_000);
    const stamp = Date.now();
    const beneficiary = `Elena Gómez ${stamp}`;
    const email = `soa-${stamp}@beneficiary.example`;
    await signIn(page);
    await page.goto('/soa');
    await expect(page.getByRole('heading', { name: 'Scope of Appointment', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: SOA_TEXT.newRequest }).click();
    await page.getByLabel('Beneficiary name').fill(beneficiary);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Preferred language').selectOption('es');
    await page.getByLabel('Appointment date').fill(dayFromNow(10));
    await page.getByLabel('Appointment time').fill('10:30');
    await page.getByRole('checkbox', { name: 'Medicare Advantage' }).check();
    await page.getByRole('checkbox', { name: 'Stand-alone Part D' }).check();
    await page.getByRole('button', { name: SOA_TEXT.send }).click();
    await expect(page.getByText(SOA_TEXT.sentTo(email))).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: beneficiary });
    await expect(row).toContainText('Sent');
    await expectAccessible(page);
    await screenshotBoth(page, 'soa');

    // the beneficiary: the e-mailed link in a browser of their own, on a phone
    const mail = await latestMailTo(page, email);
    const link = linkIn(mail.text, '/soa/sign');
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const signer = await phone.newPage();
    const response = await signer.goto(link);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(signer.getByRole('heading', { name: 'Alcance de la Cita', level: 1 })).toBeVisible();
    await expect(signer.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await signer.getByRole('checkbox', { name: /Planes Medicare Advantage \(Parte C\)/ }).check();
    await signer.getByRole('textbox', { name: 'Escriba su nombre completo para firmar' }).fill(beneficiary);
    await signer.getByRole('checkbox', { name: /Acepto reunirme con el agente/ }).check();
    await expectAccessible(signer);
    await screenshotBoth(signer, 'soa-sign');
    await signer.setViewportSize({ width: 390, height: 844 });
    await signer.getByRole('button', { name: 'Firmar' }).click();
    await expect(signer.getByRole('heading', { name: 'Gracias. Su formulario está firmado.' })).toBeVisible();

    // demo sees Signed and downloads the PDF: the typed name and the products
    await page.reload();
    await expect(row).toContainText('Signed');
    await row.getByRole('button', { name: `Show details for ${beneficiary}` }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `${SOA_TEXT.download}, version 1` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`SOA ${beneficiary} v1.pdf`);
    const text = pdfText(fs.readFileSync(await download.path()));
    expect(text).toContain(`Firmado por (nombre escrito): ${beneficiary}`);
    expect(text).toContain('[X] Planes Medicare Advantage (Parte C) y Planes de Costo');
    expect(text).toContain('[ ] Planes de medicamentos recetados de Medicare (Parte D), solos');

    // the link now shows the confirmation and nothing else
    await signer.reload();
    await expect(signer.getByRole('heading', { name: /Your form is signed|Su formulario está firmado/ })).toBeVisible();
    await expect(signer.getByText(beneficiary)).toHaveCount(0);
    await expect(signer.getByRole('checkbox')).toHaveCount(0);
    await phone.close();

    // an auditor finds it by the beneficiary in the back office
    const office = await browser.newContext();
    const staff = await office.newPage();
    await (
      await signInStaff(staff, 'admin')
    )();
    await staff
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Scope of Appointment' })
      .click();
    await staff.waitForURL((url) => url.pathname === '/staff/soa');
    await staff.goto(`/staff/soa?beneficiary=${encodeURIComponent(beneficiary)}`);
    const found = staff.getByRole('row').filter({ hasText: beneficiary });
    await expect(found).toContainText('Signed');
    await expect(found).toContainText('(17000001)');
    await expectAccessible(staff);
    await office.close();
  });

  test('"Sign on this device" opens the signing page in a window of its own and locks the agent\u2019s pages until the password', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const stamp = Date.now();
    const beneficiary = `Walter Device ${stamp}`;
    const lockHeading = page.getByRole('heading', { name: 'Locked while the beneficiary signs', level: 1 });
    await signIn(page);
    await page.goto('/soa');
    await page.getByRole('button', { name: SOA_TEXT.newRequest }).click();
    await page.getByLabel('Beneficiary name').fill(beneficiary);
    await page.getByLabel('Mobile').fill('555 201 7788');
    await page.getByLabel('Appointment date').fill(dayFromNow(9));
    await page.getByLabel('Appointment time').fill('14:00');
    await page.getByRole('checkbox', { name: 'Stand-alone Part D' }).check();
    await page.getByRole('button', { name: SOA_TEXT.send }).click();
    const row = page.getByRole('row').filter({ hasText: beneficiary });
    await expect(row).toContainText('Sent');
    await row.getByRole('button', { name: `Show details for ${beneficiary}` }).click();

    // the signing page: a new window, with no opener and nothing to go Back to
    const [signer] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: SOA_TEXT.signOnDevice }).click(),
    ]);
    await signer.waitForURL(/\/soa\/sign\//);
    await expect(signer.getByRole('heading', { name: SOA_FORM_TEXT.en.title, level: 1 })).toBeVisible();
    expect(await signer.evaluate(() => ({ opener: window.opener as unknown, history: history.length }))).toEqual({
      opener: null,
      history: 1,
    });
    // the public page alone: no agent shell, no session of the agent's
    await expect(signer.getByRole('navigation')).toHaveCount(0);
    expect(await signer.evaluate(() => sessionStorage.getItem('arc.session'))).toBeNull();

    // the agent's tab: the lock, and nothing of the SOA list
    await expect(lockHeading).toBeVisible();
    await expect(page.getByText(beneficiary)).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'soa-device-lock');
    // a reload, the address of an agent page, another tab: still locked
    await page.reload();
    await expect(lockHeading).toBeVisible();
    await page.goto('/soa');
    await expect(lockHeading).toBeVisible();
    await expect(page.getByText(beneficiary)).toHaveCount(0);
    const another = await context.newPage();
    await another.goto('/soa');
    await expect(another.getByRole('heading', { name: 'Locked while the beneficiary signs' })).toBeVisible();
    await expect(another.getByText(beneficiary)).toHaveCount(0);
    await another.close();

    // the beneficiary signs in their window
    await signer.getByRole('checkbox', { name: /Part D/ }).check();
    await signer.getByRole('textbox', { name: SOA_FORM_TEXT.en.typedName }).fill(beneficiary);
    await signer.getByRole('checkbox', { name: SOA_FORM_TEXT.en.agree }).check();
    await signer.getByRole('button', { name: SOA_FORM_TEXT.en.submit, exact: true }).click();
    await expect(signer.getByRole('heading', { name: SOA_FORM_TEXT.en.doneTitle })).toBeVisible();
    await signer.close();

    // unlocking asks for the password again: the provider's sign-in form, not a silent sign-in
    await page.getByRole('button', { name: 'Sign in to unlock' }).click();
    await page.waitForURL(/\/interaction\//);
    await page.getByLabel('Username or NPN').fill(DEMO.username);
    const password = page.getByRole('textbox', { name: 'Password', exact: true });
    await password.fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/interaction\//);
    await password.fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/soa');
    await expect(lockHeading).toHaveCount(0);
    await expect(row).toContainText('Signed');
  });
});

import { CASE_LABELS, CASE_MESSAGES } from '@arc/contract';
import { DEMO2, expect, expectAccessible, latestMailTo, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

test.describe('[CASES] Case form', () => {
  test('shows each validation message, then submits and member support gets the case', async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Case Form' }).click();
    await expect(page.getByRole('heading', { name: CASE_MESSAGES.title, level: 1 })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'case-form');

    const send = page.getByRole('button', { name: CASE_LABELS.send });
    await send.click();
    await expect(page.getByText(CASE_MESSAGES.dateOfBirthRequired)).toBeVisible();
    await expect(page.getByText(CASE_MESSAGES.requestTypeRequired)).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'case-form-required');

    // the mask: digits only, slashes put in
    const dateOfBirth = page.getByRole('textbox', { name: CASE_LABELS.dateOfBirth });
    await dateOfBirth.pressSequentially('02a301950');
    await expect(dateOfBirth).toHaveValue('02/30/1950');
    await send.click();
    const invalid = page.getByRole('dialog', { name: CASE_MESSAGES.validationErrorTitle });
    await expect(invalid.getByText(CASE_MESSAGES.dateOfBirthInvalid)).toBeVisible();
    await invalid.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(CASE_MESSAGES.dateOfBirthInvalid)).toBeVisible();

    await dateOfBirth.fill('');
    await dateOfBirth.pressSequentially('03091954');
    await page.getByRole('textbox', { name: CASE_LABELS.memberName }).fill('Rosa Martinez');
    await page.getByRole('textbox', { name: CASE_LABELS.memberId }).fill('H1234-567');
    await page.getByRole('textbox', { name: CASE_LABELS.memberPhoneNumber }).fill('(916) 555-0199');
    await page.getByRole('combobox', { name: CASE_LABELS.carrier }).click();
    await page.getByRole('option', { name: 'Humana' }).click();
    const requestType = page.getByRole('combobox', { name: CASE_LABELS.requestType });
    const options = requestType.getByRole('option');
    await expect(options).toHaveText([
      'Billing Support',
      'Provider Search',
      'Claim Issue',
      'Prescription Drugs',
      'Other Support',
    ]);
    await requestType.selectOption('Claim Issue');
    await page.getByRole('textbox', { name: CASE_LABELS.description }).fill('Claim for the office visit was denied.');
    await page.getByRole('textbox', { name: CASE_LABELS.carrierService }).fill('SR-88231');
    const before = Date.now() - 1000;
    await send.click();
    const success = page.getByRole('dialog', { name: CASE_MESSAGES.successTitle });
    await expect(success.getByText(CASE_MESSAGES.success)).toBeVisible();
    await screenshotBoth(page, 'case-form-success');
    await success.getByRole('button', { name: 'Close' }).click();
    await expect(dateOfBirth).toHaveValue('');

    const mail = await latestMailTo(page, 'member-support@arc.example', before);
    expect(mail.subject).toBe('New member support case: Claim Issue for Rosa Martinez, from Dana Whitfield');
    expect(mail.text).toContain('Date of Birth: 03/09/1954');
    expect(mail.text).toContain('Carrier: Humana');
  });

  test('shows the server message under Error when sending fails', async ({ page }) => {
    await signIn(page);
    await page.route('**/arc/case/reportCase', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Member support is not reachable right now.' }),
      }),
    );
    await page.goto('/case');
    await page.getByRole('textbox', { name: CASE_LABELS.dateOfBirth }).pressSequentially('12312001');
    await page.getByRole('combobox', { name: CASE_LABELS.requestType }).selectOption('Other Support');
    await page.getByRole('button', { name: CASE_LABELS.send }).click();
    const error = page.getByRole('dialog', { name: CASE_MESSAGES.errorTitle });
    await expect(error.getByText('Member support is not reachable right now.')).toBeVisible();
  });

  test('an agent whose member support tier is not Unlimited sees only the breadcrumb', async ({ page }) => {
    await signIn(page, DEMO2);
    await page.goto('/case');
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toBeVisible();
    await expect(page.getByRole('heading', { name: CASE_MESSAGES.title, level: 1 })).toHaveCount(0);
    await expect(page.getByRole('button', { name: CASE_LABELS.send })).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'case-form-demo2');
  });
});

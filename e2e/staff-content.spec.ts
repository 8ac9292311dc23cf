import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test.describe('[STAFF] Content', () => {
  test("admin publishes a First Look document for next year and demo sees it under that year's tab", async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(150_000);
    const next =
      Number(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', year: 'numeric' }).format(new Date()),
      ) + 1;
    await (
      await signInStaff(admin, 'admin')
    )();
    await admin.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Content' }).click();
    await expect(admin.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
    await admin.getByRole('button', { name: 'Add document' }).click();
    await admin.getByRole('textbox', { name: 'Plan year' }).fill(String(next));
    await admin.getByRole('textbox', { name: 'Order' }).fill('0');
    await admin.getByRole('combobox', { name: 'Carrier' }).selectOption('Humana');
    await admin.getByRole('combobox', { name: 'Document kind' }).selectOption('74');
    await admin.getByRole('button', { name: 'Create' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: 'overview.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(admin.getByRole('status').filter({ hasText: 'The PDF is uploaded.' })).toBeVisible();
    await admin.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Published: agents see it now.' })).toBeVisible();
    await admin.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-content');

    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await demo.getByRole('tab', { name: String(next) }).click();
    await expect(
      demo.getByRole('button', { name: `High Level Overview: download Humana ${next}` }).first(),
    ).toBeVisible();
    await context.close();
  });
});

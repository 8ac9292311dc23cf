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

  test('content publishes a Resource Document; demo sees and downloads it, and no longer sees it once unpublished', async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(150_000);
    const title = `Season Checklist ${Date.now()}`;
    await (
      await signInStaff(admin, 'admin')
    )();
    await admin.goto('/staff/content');
    await admin.getByRole('combobox', { name: 'Section' }).selectOption('Resource documents');
    await expect(admin).toHaveURL(/section=resources/);
    await expect(admin.getByText('Resource documents, as agents see them on /maresources')).toBeVisible();
    await admin.getByRole('button', { name: 'Add document' }).click();
    await admin.getByRole('textbox', { name: 'Title' }).fill(title);
    await admin.getByRole('textbox', { name: 'Description' }).fill('What to prepare before 15 October');
    await admin.getByRole('button', { name: 'Create' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    // the saved document's editor holds what was typed
    await expect(admin.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await admin.getByRole('button', { name: 'Publish' }).click();
    await expect(
      admin.getByRole('alert').filter({ hasText: 'Upload the PDF before publishing this document' }),
    ).toBeVisible();
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(admin.getByRole('status').filter({ hasText: 'The PDF is uploaded.' })).toBeVisible();
    await admin.getByRole('button', { name: 'Publish' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Published: agents see it now.' })).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Published');
    await admin.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-content-resources');

    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await demo.goto('/maresources');
    await expect(demo.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    await expect(demo.getByText('What to prepare before 15 October')).toBeVisible();
    const [download] = await Promise.all([
      demo.waitForEvent('download'),
      demo.getByRole('button', { name: `Download ${title}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${title}.pdf`);

    await admin.getByRole('button', { name: 'Unpublish' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Unpublished: agents no longer see it.' })).toBeVisible();
    await demo.reload();
    await expect(demo.getByRole('heading', { name: 'Resource Documents', level: 1 })).toBeVisible();
    await expect(demo.getByRole('heading', { name: 'Election Periods Quick Reference', level: 2 })).toBeVisible();
    await expect(demo.getByRole('heading', { name: title, level: 2 })).toHaveCount(0);
    await context.close();

    // the list's filters live in the URL: a reload keeps them, and the unpublished document is not among Published
    await admin.getByRole('combobox', { name: 'Status' }).selectOption('Published');
    await expect(admin).toHaveURL(/section=resources.*status=published|status=published.*section=resources/);
    await admin.reload();
    await expect(admin.getByRole('combobox', { name: 'Status' })).toHaveValue('published');
    await expect(admin.getByRole('row', { name: /Election Periods Quick Reference/ })).toBeVisible();
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  });
});

import { TRAINING_TEXT } from '@arc/contract';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { signInStaff } from './staff-helpers.ts';

test.describe('[STAFF] Training videos, pages and links', () => {
  test('admin edits a page text and a link and publishes a video link; demo sees all three', async ({
    page: admin,
    browser,
  }) => {
    test.setTimeout(150_000);
    const run = Date.now().toString(36);
    const sentence = `Office hours change on ${run}.`;
    const joinUrl = `https://green365.provider.test/join-${run}`;
    const title = `Annual Enrollment checklist ${run}`;

    await (
      await signInStaff(admin, 'admin')
    )();
    const menu = admin.getByRole('navigation', { name: 'Back office' });

    // Pages and links: GREEN365's introduction and its Join link
    await menu.getByRole('link', { name: 'Pages and links' }).click();
    await expect(admin.getByRole('heading', { name: 'Pages and links', level: 1 })).toBeVisible();
    await admin.getByRole('combobox', { name: 'Page' }).selectOption({ label: 'GREEN365' });
    const editor = admin.getByRole('textbox', { name: 'GREEN365: introduction' });
    await editor.click();
    await editor.press('Control+End');
    await editor.press('Enter');
    await editor.pressSequentially(sentence);
    // the preview shows the agent's text as it is typed
    await expect(admin.getByText(sentence)).toHaveCount(2);
    await admin.getByRole('button', { name: 'Save introduction' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'introduction is saved' })).toBeVisible();

    const join = admin.getByRole('textbox', { name: 'GREEN365: join' });
    await join.fill('javascript:alert(1)');
    await admin.getByRole('button', { name: 'Save GREEN365: join' }).click();
    await expect(admin.getByText(/Enter a full web address starting with https:\/\//)).toBeVisible();
    await join.fill(joinUrl);
    await admin.getByRole('button', { name: 'Save GREEN365: join' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'GREEN365: join is saved' })).toBeVisible();
    await expect(admin.getByRole('link', { name: joinUrl })).toBeVisible();
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-pages');

    // Training videos: a YouTube link, published in Life Insurance
    await menu.getByRole('link', { name: 'Training videos' }).click();
    await expect(admin.getByRole('heading', { name: 'Training videos', level: 1 })).toBeVisible();
    await expect(admin.getByRole('form', { name: 'Annuities' }).getByLabel('Coming Soon')).toBeChecked();
    await admin.getByRole('button', { name: 'Add video' }).click();
    const form = admin.getByRole('form', { name: 'New video' });
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Life Insurance' });
    await form.getByRole('textbox', { name: 'Vimeo or YouTube link' }).fill('https://example.test/video/1');
    await form.getByRole('textbox', { name: 'Description' }).fill('What to check before October 15.');
    await form.getByLabel('Published (agents see it)').check();
    await form.getByRole('button', { name: 'Add video' }).click();
    await expect(admin.getByText(/Paste a Vimeo or YouTube link/).first()).toBeVisible();
    await form.getByRole('textbox', { name: 'Vimeo or YouTube link' }).fill('https://youtu.be/dQw4w9WgXcQ');
    await form.getByRole('button', { name: 'Add video' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: `“${title}” is saved and published` })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: title })).toContainText('YouTube link');
    await expectAccessible(admin);
    await screenshotBoth(admin, 'staff-training');

    // demo, signed in afresh, sees the text, the link and the video
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    await demo.goto('/green365');
    await expect(demo.getByText(sentence)).toBeVisible();
    await expect(demo.getByRole('link', { name: /Join GREEN365/ })).toHaveAttribute('href', joinUrl);
    await demo.goto(`/training/videos/${encodeURIComponent('Life Insurance')}`);
    await demo.getByRole('link', { name: new RegExp(title) }).click();
    await expect(demo.getByTitle(title)).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    await expect(demo.getByText(TRAINING_TEXT.comingSoon)).toBeHidden();

    // unpublished again: demo's list no longer has it (and the library keeps its counts for the other specs)
    await admin.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = admin.getByRole('form', { name: `Edit ${title}` });
    await edit.getByLabel('Published (agents see it)').uncheck();
    await edit.getByRole('button', { name: 'Save video' }).click();
    await expect(admin.getByRole('alert').filter({ hasText: 'is saved as a draft' })).toBeVisible();
    await demo.goto(`/training/videos/${encodeURIComponent('Life Insurance')}`);
    await expect(demo.getByRole('main').getByRole('listitem')).toHaveCount(2);
    await context.close();
  });
});

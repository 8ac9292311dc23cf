import { TRAINING_TEXT } from '@arc/contract';
import { expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

const CATEGORIES = [
  ['Medicare Basics', 4],
  ['Agent Resource Center', 9],
  ['Sales & Marketing', 3],
  ['Advanced Medicare', 6],
  ['Individual & Family Plans', 3],
  ['Complementary Products', 3],
  ['Life Insurance', 2],
] as const;

test.describe('[TRAINING]', () => {
  test('the landing shows eight category cards with logo and description', async ({ page }) => {
    await signIn(page);
    await page.goto('/training/videos');
    await expect(page.getByRole('heading', { name: TRAINING_TEXT.heading, level: 1 })).toBeVisible();
    const cards = page.getByRole('link').filter({ has: page.getByRole('heading', { level: 2 }) });
    await expect(cards).toHaveCount(8);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      ...CATEGORIES.map(([name]) => name),
      'Annuities',
    ]);
    await expect(page.getByText(TRAINING_TEXT.comingSoon)).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'training-videos');
  });

  test('every category opens from its card, with "&" names encoded in the URL', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await page.goto('/training/videos');
    for (const [name, count] of CATEGORIES) {
      // in-app navigation: the card, then Back to the landing
      await page
        .getByRole('link')
        .filter({ has: page.getByRole('heading', { name, exact: true }) })
        .click();
      await expect(page).toHaveURL(`/training/videos/${encodeURIComponent(name)}`);
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(count);
      await page.getByRole('link', { name: TRAINING_TEXT.back }).click();
      await expect(page).toHaveURL('/training/videos');
    }
  });

  test('a category lists videos with thumbnails and alternating title colours; Complementary shows its logo', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`/training/videos/${encodeURIComponent('Complementary Products')}`);
    await expect(page.getByRole('img', { name: 'Complementary Products logo' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3);
    const colors = await page
      .getByRole('main')
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => getComputedStyle(item.querySelector('a p') as HTMLElement).color));
    expect(colors[0]).not.toBe(colors[1]);
    expect(colors[0]).toBe(colors[2]);
    await expectAccessible(page);
    await screenshotBoth(page, 'training-category');
  });

  test('Annuities shows Coming Soon… and no list', async ({ page }) => {
    await signIn(page);
    await page.goto('/training/videos/Annuities');
    await expect(page.getByRole('heading', { name: 'Annuities', level: 2 })).toBeVisible();
    await expect(page.getByText(TRAINING_TEXT.comingSoon)).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0);

    // its videos do not play from a typed URL either: the app says the video is not found, the server 404s
    await page.goto(`/training/videos/Annuities/${encodeURIComponent('Fixed Indexed Annuities Overview')}`);
    await expect(page.getByText(TRAINING_TEXT.videoNotFound)).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);
  });

  test('a demo video plays from the portal with no internet, with a sanitised description', async ({ page }) => {
    // nothing may leave the machine
    await page.route(/^https?:\/\/(?!localhost)/, (route) => route.abort());
    await signIn(page);
    await page.goto(`/training/videos/${encodeURIComponent('Sales & Marketing')}`);
    await page.getByRole('link', { name: /Compliant Scope of Appointment Basics/ }).click();
    await expect(page).toHaveURL(
      `/training/videos/${encodeURIComponent('Sales & Marketing')}/${encodeURIComponent('Compliant Scope of Appointment Basics')}`,
    );
    await expect(page.getByRole('heading', { name: TRAINING_TEXT.heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Compliant Scope of Appointment Basics' })).toBeVisible();
    // the category above the title (the breadcrumb names it too)
    await expect(page.locator('p', { hasText: /^Sales & Marketing$/ })).toBeVisible();
    await expect(page.getByText(/48-hour rule/)).toBeVisible();
    // the trail names the category and the video, not the route's generic titles
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
      'Sales & Marketing/Compliant Scope of Appointment Basics',
    );
    await expect(page).toHaveTitle(/^Compliant Scope of Appointment Basics · /);

    const video = page.locator('video');
    await expect(video).toBeVisible();
    const box = await video.boundingBox();
    expect(Math.abs(box!.width / box!.height - 16 / 9)).toBeLessThan(0.02);
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(3);
    await expectAccessible(page);
    await screenshotBoth(page, 'training-video');

    await page.getByRole('link', { name: TRAINING_TEXT.back }).click();
    await expect(page).toHaveURL(`/training/videos/${encodeURIComponent('Sales & Marketing')}`);
  });

  test('a video that cannot load says so', async ({ page }) => {
    await page.route('**/arc/training/media**', (route) => route.fulfill({ status: 500, body: '' }));
    await signIn(page);
    await page.goto(
      `/training/videos/${encodeURIComponent('Medicare Basics')}/${encodeURIComponent('Medigap vs. Medicare Advantage')}`,
    );
    await expect(page.getByRole('alert').filter({ hasText: TRAINING_TEXT.videoFailed })).toBeVisible();
  });

  test('an unknown video title shows a message instead of a player', async ({ page }) => {
    await signIn(page);
    await page.goto('/training/videos/Medicare%20Basics/Nope');
    await expect(page.getByText(TRAINING_TEXT.videoNotFound)).toBeVisible();
  });
});

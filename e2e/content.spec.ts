import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { PAGE_VIDEOS } from '../apps/server/src/seed/page-video-catalogue.ts';
import { DEMO2, expect, expectAccessible, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

const readStart = async (download: Download) =>
  fs
    .readFileSync(await download.path())
    .subarray(0, 5)
    .toString();

/** axe on a phone too: tables and grids change shape at 390 px. */
async function expectAccessibleOnPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The page's videos are real clips: each loads its metadata and has a duration. */
async function expectPlayable(page: Page, count: number): Promise<void> {
  const videos = page.locator('video');
  await expect(videos).toHaveCount(count);
  await expect
    .poll(() => videos.evaluateAll((elements) => elements.filter((v) => (v as HTMLVideoElement).duration > 1).length))
    .toBe(count);
}

/**
 * Each card plays a clip of its own whose picture shows the card's title: the cards are the ones the clips were
 * made from (the server's page-video-catalogue.ts, scripts/make-page-clips.mjs), and each asks for its own video.
 */
async function expectOwnClips(
  page: Page,
  name: (typeof PAGE_VIDEOS)[number]['page'],
  sources: string[],
): Promise<void> {
  const expected = PAGE_VIDEOS.filter((video) => video.page === name);
  await expect(page.locator('article[aria-label]')).toHaveCount(expected.length);
  const titles = await page
    .locator('article[aria-label]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')));
  expect(titles).toEqual(expected.map((video) => video.title));
  expect([...new Set(sources)].sort()).toEqual(expected.map((video) => video.id).sort());
}

/** The video ids whose source the page asks for (GET /arc/training/videos/{id}/source), recorded from the start. */
function recordVideoSources(page: Page): string[] {
  const ids: string[] = [];
  page.on('request', (request) => {
    const match = /\/arc\/training\/videos\/([^/?]+)\/source/.exec(request.url());
    if (match) ids.push(decodeURIComponent(match[1]!));
  });
  return ids;
}

/** Every call the page makes to carriersByPlatform, recorded from the start. */
function recordCarrierCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/arc/carriersByPlatform')) calls.push(new URL(request.url()).search);
  });
  return calls;
}

test.describe('[CONTENT]', () => {
  test('CORE CRM: benefits, training library and the start-journey link', async ({ page }) => {
    await signIn(page);
    await page.goto('/core');
    await expect(page.getByRole('heading', { name: 'CORE CRM', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Why agents use CORE' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Compliance built in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Training library' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Getting started with CORE/ })).toHaveAttribute(
      'href',
      'https://agents.provider.test/core/training/getting-started',
    );
    await expect(page.getByRole('link', { name: /Start your CORE journey/ })).toHaveAttribute('target', '_blank');
    await expectAccessible(page);
    await screenshotBoth(page, 'content-core');
  });

  test('GREEN365: six videos, one playing at a time, with a play/stop icon', async ({ page }) => {
    await page.route(/^https?:\/\/(?!localhost)/, (route) => route.abort());
    await signIn(page);
    const sources = recordVideoSources(page);
    await page.goto('/green365');
    await expect(page.getByRole('heading', { name: 'GREEN365 for DSNP', level: 1 })).toBeVisible();
    await expect(page.getByText(/100\+ new dual-eligible clients a year/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Training modules' })).toBeVisible();
    // every clip is a real, playable file with a duration, its own: the picture shows its card's title
    await expectPlayable(page, 6);
    await expectOwnClips(page, 'GREEN365', sources);
    const videos = page.locator('video');
    await page.evaluate(() => document.querySelectorAll('video').forEach((v) => (v.muted = true)));

    const first = 'Module 1 · Special Needs Plans: D-SNP, C-SNP and I-SNP';
    const second = 'Module 2 · Medicare Savings Programs and Extra Help';
    const isPaused = (index: number) => videos.nth(index).evaluate((v: HTMLVideoElement) => v.paused);
    await page.getByRole('button', { name: `Play ${first}` }).click();
    await expect(page.getByRole('button', { name: `Stop ${first}` })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => videos.nth(0).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);

    // starting the second pauses the first; only one Stop icon shows
    await page.getByRole('button', { name: `Play ${second}` }).click();
    await expect(page.getByRole('button', { name: `Stop ${second}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Play ${first}` })).toBeVisible();
    expect(await isPaused(0)).toBe(true);
    expect(await isPaused(1)).toBe(false);
    await expect(page.getByRole('button', { name: /^Stop / })).toHaveCount(1);

    // the player's own controls count too: playing the third from the element pauses the second
    await videos.nth(2).evaluate((v: HTMLVideoElement) => v.play());
    await expect(page.getByRole('button', { name: /^Stop Module 3/ })).toBeVisible();
    expect(await isPaused(1)).toBe(true);

    // stop: paused, back at the start, the playing id cleared
    await page.getByRole('button', { name: /^Stop Module 3/ }).click();
    await expect(page.getByRole('button', { name: /^Stop / })).toHaveCount(0);
    expect(await isPaused(2)).toBe(true);
    expect(await videos.nth(2).evaluate((v: HTMLVideoElement) => v.currentTime)).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'content-green365');
    await expectAccessibleOnPhone(page);
  });

  test('MyQuote: the four solutions, more lines, open quote and the mobile apps', async ({ page }) => {
    await signIn(page);
    await page.goto('/myquote');
    await expect(page.getByRole('heading', { name: 'MyQuote', level: 1 })).toBeVisible();
    for (const solution of ['Medicare Supplement', 'Medicare Advantage', 'Final Expenses', 'Hospital Indemnity']) {
      await expect(page.getByRole('heading', { name: solution, level: 3 })).toBeVisible();
    }
    for (const line of ['Long-term care', 'Major medical', 'Life insurance', 'Annuities']) {
      await expect(page.getByRole('listitem').filter({ hasText: line })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: /Open MyQuote/ })).toBeVisible();
    // the provider has not published the app (its store pages are not set in the content file): no badges
    await expect(page.getByRole('link', { name: /App Store|Google Play/ })).toHaveCount(0);
    await expectAccessible(page);
    await screenshotBoth(page, 'content-myquote');
    await expectAccessibleOnPhone(page);
  });

  test('MyHealthPlan as demo: login and Active Analytics, no carriers call, guides, promo and code', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const calls = recordCarrierCalls(page);
    const sources = recordVideoSources(page);
    await signIn(page);
    await page.goto('/myhealthplan');
    await expect(page.getByRole('heading', { name: 'MyHealthPlan', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Log in to MyHealthPlan/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Open Active Analytics/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quick guides' })).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Download MyHealthPlan Quick Guide: Quote and Enroll' }),
    ).toBeVisible();
    await expect(page.getByText('$29.99 per month or $299 per year')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How to sign up' })).toBeVisible();
    await expect(page.getByText('Access code (case-sensitive)')).toBeVisible();
    // the code is shown and copied exactly, upper and lower case as issued
    const code = page.getByTestId('access-code');
    await expect(code).toHaveText('ARCpartner365');
    await expect(code).not.toHaveText('arcpartner365');
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ARCpartner365');
    await expectPlayable(page, 2);
    await expectOwnClips(page, 'MyHealthPlan', sources);
    // demo has MyHealthPlan contracts: no carriers list, and it was never asked for
    await expect(page.getByRole('heading', { name: /Get contracted/ })).toHaveCount(0);
    expect(calls).toEqual([]);
    await expectAccessible(page);
    await screenshotBoth(page, 'content-myhealthplan-demo');
  });

  test('MyHealthPlan as demo2: no contracts, so the carriers list and no launch buttons', async ({ page }) => {
    const calls = recordCarrierCalls(page);
    await signIn(page, DEMO2);
    await page.goto('/myhealthplan');
    await expect(page.getByRole('heading', { name: 'MyHealthPlan', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get contracted to enroll on MyHealthPlan' })).toBeVisible();
    const carriers = page.getByRole('list', { name: 'Carriers on MyHealthPlan' }).getByRole('listitem');
    await expect(carriers.first()).toHaveText('Aetna Medicare');
    const names = await carriers.allTextContents();
    expect(names).toContain('SCAN Health Plan');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(calls).toEqual(['?platform=MyHealthPlan']);
    await expect(page.getByRole('link', { name: /Log in to MyHealthPlan/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Open Active Analytics/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'contracting@provider.test' })).toHaveAttribute(
      'href',
      'mailto:contracting@provider.test',
    );
    await expectAccessible(page);
    await screenshotBoth(page, 'content-myhealthplan-demo2');
    await expectAccessibleOnPhone(page);
  });

  test('SunFire as demo: login, quick guides and videos, no carriers call', async ({ page }) => {
    const calls = recordCarrierCalls(page);
    const sources = recordVideoSources(page);
    await signIn(page);
    await page.goto('/sunfire');
    await expect(page.getByRole('heading', { name: 'SunFire', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Log in to SunFire/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Quick guides' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download SunFire Quick Guide: Comparing Plans' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Videos' })).toBeVisible();
    await expectPlayable(page, 2);
    await expectOwnClips(page, 'SunFire', sources);
    await expect(page.getByRole('link', { name: /Active Analytics/ })).toHaveCount(0);
    expect(calls).toEqual([]);
    await expectAccessible(page);
    await screenshotBoth(page, 'content-sunfire');
  });

  test('SunFire as demo2: no contracts, so the SunFire carriers and no login', async ({ page }) => {
    const calls = recordCarrierCalls(page);
    await signIn(page, DEMO2);
    await page.goto('/sunfire');
    await expect(page.getByRole('heading', { name: 'Get contracted to enroll on SunFire' })).toBeVisible();
    const carriers = page.getByRole('list', { name: 'Carriers on SunFire' }).getByRole('listitem');
    await expect(carriers.filter({ hasText: 'Kaiser Permanente' })).toBeVisible();
    expect(calls).toEqual(['?platform=Sunfire']);
    await expect(page.getByRole('link', { name: /Log in to SunFire/ })).toHaveCount(0);
  });

  test('Policies: four policy PDFs; one downloads as a real PDF', async ({ page }) => {
    await signIn(page);
    await page.goto('/policies');
    await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible();
    const downloads = page.getByRole('button', { name: /^Download / });
    await expect(downloads).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Agent Code of Conduct', level: 2 })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Privacy and Information Security Policy' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Privacy and Information Security Policy.pdf');
    expect(await readStart(download)).toBe('%PDF-');
    await expectAccessible(page);
    await screenshotBoth(page, 'content-policies');
  });

  test('Resource Documents: each has Download; one downloads as a real PDF; a failure says so', async ({ page }) => {
    await signIn(page);
    await page.goto('/maresources');
    await expect(page.getByRole('heading', { name: 'Resource Documents', level: 1 })).toBeVisible();
    const titles = page.getByRole('heading', { level: 2 });
    // the documents arrive after the page heading: count them once the list is drawn
    await expect(titles.first()).toBeVisible();
    const count = await titles.count();
    expect(count).toBeGreaterThanOrEqual(5);
    await expect(page.getByRole('button', { name: /^Download / })).toHaveCount(count);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Election Periods Quick Reference' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Election Periods Quick Reference.pdf');
    expect(await readStart(download)).toBe('%PDF-');
    await expectAccessible(page);
    await screenshotBoth(page, 'content-resources');
    await expectAccessibleOnPhone(page);

    await page.route('**/arc/downloadtoken', (route) =>
      route.fulfill({ status: 404, json: { code: 'NOT_FOUND', message: 'File not found' } }),
    );
    await page.getByRole('button', { name: 'Download Medicare Costs at a Glance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Failed' });
    await expect(dialog).toContainText('File not found');
  });

  test('Contact: phone and fax table, e-mail table and mailing addresses', async ({ page }) => {
    await signIn(page);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
    const phones = page.getByRole('table', { name: 'Phone and fax numbers' });
    await expect(phones.getByRole('columnheader')).toHaveText(['Department', 'Phone', 'Fax']);
    await expect(phones.getByRole('row', { name: /Commissions/ })).toContainText('(800) 555-0120');
    const emails = page.getByRole('table', { name: 'E-mail addresses' });
    await expect(emails.getByRole('link', { name: 'support@provider.test' })).toHaveAttribute(
      'href',
      'mailto:support@provider.test',
    );
    await expect(page.getByRole('heading', { name: 'Mailing addresses' })).toBeVisible();
    await expect(page.locator('address').first()).toContainText('Sacramento, CA 95833');
    await expectAccessible(page);
    await screenshotBoth(page, 'content-contact');
    await expectAccessibleOnPhone(page);
  });

  test('no link or address on the information and marketing pages points at a placeholder domain', async ({ page }) => {
    test.setTimeout(120_000);
    // the open notification stream is a request that never finishes, so the network would never be idle: this
    // page's bell polls instead (docs/decisions/notifications.md)
    await page.route('**/arc/agent/notifications/stream', (route) => route.abort());
    await signIn(page);
    for (const path of [
      '/myhealthplan',
      '/sunfire',
      '/myquote',
      '/core',
      '/green365',
      '/contact',
      '/leadstar',
      '/medischolar',
      '/proshop',
      '/finalexpense',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // the destinations arrive with their own call: wait until the page's links are drawn
      await page.waitForLoadState('networkidle');
      const hrefs = await page
        .getByRole('main')
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      const placeholders = hrefs.filter((href) => /\.example\b|\.invalid\b/i.test(href));
      expect(placeholders, path).toEqual([]);
    }
  });

  test('the menu opens every information page for demo2 too', async ({ page }) => {
    await signIn(page, DEMO2);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const name of [
      'MyHealthPlan',
      'SunFire',
      'MyQuote',
      'CORE CRM',
      'GREEN365',
      'Resource Documents',
      'Contact',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
  });
});

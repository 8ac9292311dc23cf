import type { Page } from '@playwright/test';
import { untilAtRest } from './fixtures.ts';

/** Full-page screenshots at desktop (1280 px) and phone (390 px) width, for people to look at. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    // the layout of the new width, menus and panels done moving
    await untilAtRest(page);
    await page.screenshot({ path: `.tmp/screenshots/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

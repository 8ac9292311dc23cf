import { NOT_FOUND_PAGE } from '@arc/contract';
import { DEMO2, expect, expectAccessible, signIn, test } from './fixtures.ts';

test.describe('[SHELL]', () => {
  test('user menu: My Profile, Case Form for Unlimited, Terms of Service, Policies, Log Out', async ({ page }) => {
    await signIn(page);
    await expectAccessible(page);
    await page.getByRole('button', { name: /user menu/i }).click();
    for (const name of ['My Profile', 'Case Form', 'Terms of Service', 'Policies', 'Log Out']) {
      await expect(page.getByRole('menuitem', { name })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Policies' }).click();
    await expect(page.getByRole('heading', { name: 'Policies', level: 1 })).toBeVisible();
  });

  test('no Case Form for an agent whose member support tier is not Unlimited', async ({ page }) => {
    await signIn(page, DEMO2);
    await page.getByRole('button', { name: /user menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'My Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Case Form' })).toHaveCount(0);
  });

  test('collapsed menu: each icon names itself on keyboard focus and on hover; a group opens beside it', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Collapse the menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // from the keyboard: Tab from the first icon to the next
    await menu.getByRole('link', { name: 'Dashboard' }).focus();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'MyHealthPlan' })).toBeFocused();
    await expect(page.getByRole('tooltip', { name: 'MyHealthPlan' })).toBeVisible();
    await menu.getByRole('link', { name: 'Contact' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Contact' })).toBeVisible();
    await menu.getByRole('button', { name: 'Training & Certifications' }).click();
    await expect(page.getByRole('menuitem', { name: 'Training Videos' })).toBeVisible();
    await expectAccessible(page);
  });

  test('side menu, Training & Certifications group with external links, breadcrumb, footer', async ({ page }) => {
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByText('Training & Certifications').click();
    await expect(menu.getByRole('link', { name: /Medicare Certifications/ })).toHaveAttribute('target', '_blank');
    await expect(menu.getByRole('link', { name: /Events/ })).toBeVisible();
    await menu.getByRole('link', { name: 'Training Videos' }).click();
    await expect(page.getByRole('heading', { name: 'Videos On Demand', level: 1 })).toBeVisible();

    for (const name of ['Contact', 'Final Expense', 'CORE CRM', 'Order Supplies']) {
      await menu.getByRole('link', { name }).click();
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    }
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'ARC' })).toBeVisible();
    // at most three entries after ARC, the oldest dropped
    await expect(crumbs.getByText('Training Videos')).toHaveCount(0);
    await expect(crumbs).toContainText('Final Expense');
    await expect(crumbs).toContainText('Order Supplies');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await expectAccessible(page);
  });

  test('a new page starts at the top; Back and Forward return to where the page was scrolled', async ({ page }) => {
    await signIn(page);
    await page.goto('/green365');
    await expect(page.getByRole('heading', { name: 'GREEN365', level: 1 })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'MyHealthPlan' }).click();
    await expect(page.getByRole('heading', { name: 'MyHealthPlan', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'GREEN365', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'MyHealthPlan', level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('at 1280×800 the whole side menu sits above the footer; collapsed, each icon has a tooltip with its name', async ({
    page,
  }) => {
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const contact = menu.getByRole('link', { name: 'Contact' });
    await expect(contact).toBeVisible();
    const footer = await page.getByRole('contentinfo').boundingBox();
    const last = await contact.boundingBox();
    expect(last!.y + last!.height).toBeLessThanOrEqual(footer!.y);

    await page.getByRole('button', { name: 'Collapse the menu' }).click();
    await menu.getByRole('link', { name: 'Order Supplies' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Order Supplies' })).toBeVisible();
    await menu.getByRole('button', { name: 'Training & Certifications' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Training & Certifications' })).toBeVisible();
    await menu.getByRole('link', { name: 'Contact' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Contact' })).toBeVisible();
    await expectAccessible(page);
  });

  test('404 while signed in uses the login layout with Return Home', async ({ page }) => {
    await signIn(page);
    await page.goto('/definitely/not/here');
    await expect(page.getByText(NOT_FOUND_PAGE.title)).toBeVisible();
    await page.getByRole('link', { name: NOT_FOUND_PAGE.link }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a signed-out visit to an agent page goes to sign-in and comes back after it', async ({ page }) => {
    await page.goto('/contact');
    await page.waitForURL(/\/interaction\//);
    await page.getByLabel('Username or NPN').fill('demo');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo-Agent-2026!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
  });
});

test.describe('[SHELL] mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu is off-canvas and closes on an outside click', async ({ page }) => {
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(menu).toBeInViewport();
    await expectAccessible(page);
    await page.mouse.click(370, 400);
    await expect(menu).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await menu.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { name: 'Contact', level: 1 })).toBeVisible();
    await expect(menu).not.toBeInViewport();
  });
});

import { MESSAGES, PASSWORD_TOO_LONG } from '@arc/contract';
import type { Page } from '@playwright/test';
import {
  accessToken,
  AFTER_RETRIES,
  DEMO,
  expect,
  expectAccessible,
  isTokenStored,
  linkIn,
  registrationMail,
  signIn,
  test,
} from './fixtures.ts';

const TOO_LONG_PASSWORD = `Aa1${'x'.repeat(297)}`;
/** A roster agent of the demo data who has not registered, used by this spec alone */
const CREATE_PASSWORD_NPN = '17000013';
const CREATE_PASSWORD = 'Seams-Agent-2026!';

/** Serves GET /arc/user/info with the terms not yet accepted (stamp null) until the returned function is called. */
async function withTermsPending(page: Page): Promise<() => Promise<void>> {
  const pattern = '**/arc/user/info';
  await page.route(pattern, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { agent: { tos: { stamp: string | null } | null } };
    if (body.agent.tos) body.agent.tos.stamp = null;
    await route.fulfill({ response, json: body });
  });
  return () => page.unroute(pattern);
}

test.describe('[IDENTITY] sign-in seams', () => {
  test('Back right after signing in sends the signed-in agent home, not to an expired sign-in', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('This sign-in has expired')).toHaveCount(0);
  });

  test('Back right after accepting the terms sends the agent home', async ({ page }) => {
    const acceptTerms = await withTermsPending(page);
    await signIn(page);
    await expect(page).toHaveURL(/\/tosgate$/);
    await acceptTerms();
    await page.getByRole('button', { name: 'I AGREE' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('This sign-in has expired')).toHaveCount(0);
  });

  test('Forgot Password → Back to login returns to the same sign-in, and Back then leaves sign-in', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/interaction\//);
    const signInUrl = page.url();
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page.getByLabel('Username or NPN')).toBeVisible();
    expect(page.url()).toBe(signInUrl);
    await page.goBack();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/login/callback opened directly or with a made-up state shows a plain message and a way on', async ({
    page,
  }) => {
    for (const url of ['/login/callback', '/login/callback?code=made-up&state=made-up']) {
      await page.goto(url);
      await expect(page.getByText('We could not finish signing you in')).toBeVisible();
      await expect(page.getByText(/matching state|state in response/i)).toHaveCount(0);
    }
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Sign in again' }).click();
    await expect(page.getByLabel('Username or NPN')).toBeVisible();
  });

  test('/login/callback opened again while signed in goes home', async ({ page }) => {
    await signIn(page);
    await page.goto('/login/callback?code=made-up&state=made-up');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('an over-long password on the sign-in form says the limit in plain words, without a stale alert', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await page.waitForURL(/\/interaction\//);
    await page.getByLabel('Username or NPN').fill(DEMO.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TOO_LONG_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(PASSWORD_TOO_LONG)).toBeVisible();
    await expect(page.getByText(MESSAGES.invalidCredentials)).toHaveCount(0);
    await expect(page.getByText(/Too big|expected string/)).toHaveCount(0);
  });

  test('Create Password: an over-long password is named, and a double click sets it once and ends on success', async ({
    page,
  }) => {
    // A roster agent no other spec uses: setting a password ends the agent's sessions, which would sign out a spec
    // running beside this one as the same agent.
    const mail = await registrationMail(page, CREATE_PASSWORD_NPN);
    await page.goto(linkIn(mail.text, '/register'));

    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await page.getByLabel('New Password').fill(TOO_LONG_PASSWORD);
    await page.getByLabel('Confirm Password').fill(TOO_LONG_PASSWORD);
    await expect(checklist.getByText('At least 8 characters (met)')).toBeVisible();
    await expect(page.getByText(PASSWORD_TOO_LONG)).toBeVisible();
    const submit = page.getByRole('button', { name: 'Create Password' });
    await expect(submit).toBeDisabled();

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/arc/register/password')) posts.push(request.url());
    });
    await page.getByLabel('New Password').fill(CREATE_PASSWORD);
    await page.getByLabel('Confirm Password').fill(CREATE_PASSWORD);
    await submit.dblclick();
    await expect(page.getByText('Your password was created.')).toBeVisible();
    await expect(page.getByText(MESSAGES.linkExpired)).toHaveCount(0);
    expect(posts).toHaveLength(1);
  });

  test('a failing forgot-password request shows the spec’s Error dialog', async ({ page }) => {
    await page.route('**/arc/forgotpassword', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal server error' } }),
    );
    await page.goto('/sign-in/forgot');
    await page.getByLabel('NPN').fill('17000001');
    await page.getByRole('button', { name: 'Submit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Internal server error');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('no oidc.* entries are left in localStorage by an abandoned sign-in', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('oidc.left-by-an-older-version', '{"id":"x","created":1}'));
    await page.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/interaction\//);
    // the agent walks away from the sign-in form
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    const left = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('oidc.')));
    expect(left).toEqual([]);
  });
});

test.describe('[SHELL] seams', () => {
  test('a failed profile load offers Try again and Log Out instead of a spinner that never stops', async ({ page }) => {
    await signIn(page);
    const token = await accessToken(page);
    await page.route('**/arc/user/info', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal server error' } }),
    );
    await page.reload();
    await expect(page.getByText('Your profile could not be loaded')).toBeVisible(AFTER_RETRIES);
    await expect(page.getByLabel('Loading your profile')).toHaveCount(0);
    await expectAccessible(page);
    await page.unroute('**/arc/user/info');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.route('**/arc/user/info', (route) =>
      route.fulfill({ status: 500, json: { code: 'INTERNAL', message: 'Internal server error' } }),
    );
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByLabel('Username or NPN')).toBeVisible();
    expect(await isTokenStored(page, token)).toBe(false);
  });

  test('a user without status is signed out', async ({ page }) => {
    await signIn(page);
    const token = await accessToken(page);
    await page.route('**/arc/user/info', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { agent: { status: string | null } };
      body.agent.status = null;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await expect(page.getByLabel('Username or NPN')).toBeVisible();
    expect(await isTokenStored(page, token)).toBe(false);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`the terms gate card fits the screen at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await withTermsPending(page);
      await signIn(page);
      await expect(page).toHaveURL(/\/tosgate$/);
      const agree = page.getByRole('button', { name: 'I AGREE' });
      await expect(agree).toBeVisible();
      for (const element of [agree, page.getByRole('button', { name: 'Log Out' }), page.getByRole('main')]) {
        const box = await element.boundingBox();
        expect(box, 'on screen').not.toBeNull();
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      }
    });
  }
});

test.describe('[SHELL] seams on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the user menu shows the avatar with the first and last name', async ({ page }) => {
    await signIn(page);
    const userMenu = page.getByRole('button', { name: /user menu/i });
    await expect(userMenu.getByText('Dana Whitfield')).toBeVisible();
    await expect(userMenu.getByText('DW')).toBeVisible();
  });

  test('the open menu closes on a click on the footer, which is outside it too', async ({ page }) => {
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(menu).toBeInViewport();
    await page.getByRole('contentinfo').getByText(/©/).click();
    await expect(menu).not.toBeInViewport();
  });
});

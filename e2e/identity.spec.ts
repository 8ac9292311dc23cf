import { MESSAGES, NOT_FOUND_PAGE } from '@arc/contract';
import {
  accessToken,
  DEMO,
  expect,
  expectAccessible,
  isTokenStored,
  latestMailTo,
  linkIn,
  NEWCOMER,
  signIn,
  test,
} from './fixtures.ts';

test.describe('[IDENTITY] sign-in', () => {
  test('signs in as a person would and lands on the dashboard', async ({ page }) => {
    await page.goto('/sign-in');
    await page.waitForURL(/\/interaction\//);
    await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Username or NPN').fill(DEMO.username);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // the provider, the callback's code exchange and the dashboard: on a loaded machine more than one expect's wait
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('shows the server message for a wrong password and signs in with the NPN', async ({ page }) => {
    await page.goto('/sign-in');
    await page.waitForURL(/\/interaction\//);
    await page.getByLabel('Username or NPN').fill(DEMO.npn);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Password-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('locks a username after repeated failures with the same answer for an unknown one', async ({ page }) => {
    await page.goto('/sign-in');
    await page.waitForURL(/\/interaction\//);
    await page.getByLabel('Username or NPN').fill('no-such-agent');
    for (let i = 0; i < 5; i += 1) {
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`Wrong-Password-${i}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByText(/Invalid username or password|Too many failed sign-in attempts/)).toBeVisible();
    }
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong-Password-x');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MESSAGES.accountLocked)).toBeVisible();
  });

  test('logs out: the token and user are gone and the dashboard shows the welcome', async ({ page }) => {
    await signIn(page);
    const token = await accessToken(page);
    expect(token).not.toBe('');
    const userInfo = async () =>
      (await page.request.get('/arc/user/info', { headers: { authorization: `Bearer ${token}` } })).status();
    expect(await userInfo()).toBe(200);
    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    // the provider ends its session and sends the browser back to sign in
    await expect(page.getByLabel('Username or NPN')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await isTokenStored(page, token)).toBe(false);
    // the access token the browser held is refused too, though it had most of its 15 minutes left
    expect(await userInfo()).toBe(401);
  });
});

test.describe('[IDENTITY] register, forgot password, expired link, terms gate', () => {
  test('registers through the mailbox link, creates a password, signs in with the NPN and accepts the terms', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await page.waitForURL(/\/interaction\//);
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page.getByRole('textbox', { name: 'NPN', exact: true })).toBeVisible();
    await expectAccessible(page);
    const before = Date.now() - 1000;
    await page.getByRole('textbox', { name: 'NPN', exact: true }).fill(NEWCOMER.npn);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(MESSAGES.registerSuccess)).toBeVisible();

    const mail = await latestMailTo(page, NEWCOMER.email, before);
    await page.goto('/dev/mailbox');
    await expect(page.getByText(mail.subject).first()).toBeVisible();
    await page.goto(linkIn(mail.text, '/register'));

    const submit = page.getByRole('button', { name: /create password|submit/i });
    await page.getByLabel('New Password').fill('Newcomer-Pass-42');
    await expect(submit).toBeDisabled();
    await page.getByLabel('Confirm Password').fill('Newcomer-Pass-42');
    await expect(submit).toBeEnabled();
    await expectAccessible(page);
    await submit.click();
    await expect(page.getByText('Your password was created.')).toBeVisible();

    await signIn(page, { username: NEWCOMER.npn, password: 'Newcomer-Pass-42' });
    await expect(page).toHaveURL(/\/tosgate$/);
    await expect(page.getByRole('heading', { name: /terms of service/i }).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I AGREE' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('a used or unknown link shows "This link is expired." with the three links', async ({ page }) => {
    await page.goto('/forgotpass/not-a-real-token');
    await expect(page.getByText(MESSAGES.linkExpired)).toBeVisible();
    for (const name of ['Back to login', 'Register', 'Forgot Password']) {
      await expect(page.getByRole('link', { name })).toBeVisible();
    }
    await expectAccessible(page);
  });

  test('forgot password answers the same for a known and an unknown NPN and mails the known one', async ({ page }) => {
    await page.goto('/sign-in');
    await page.waitForURL(/\/interaction\//);
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.getByRole('textbox', { name: 'NPN', exact: true }).fill('99999999');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(MESSAGES.forgotSuccess)).toBeVisible();

    await page.goto('/sign-in');
    await page.waitForURL(/\/interaction\//);
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    const before = Date.now() - 1000;
    await page.getByRole('textbox', { name: 'NPN', exact: true }).fill('17000002');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(MESSAGES.forgotSuccess)).toBeVisible();
    const mail = await latestMailTo(page, 'demo2@agents.example', before);
    const link = linkIn(mail.text, '/forgotpass');
    await page.goto(link);
    await expect(page.getByLabel('New Password')).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).first().isVisible();
  });
});

test.describe('[IDENTITY] 404', () => {
  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText(NOT_FOUND_PAGE.title)).toBeVisible();
    await expect(page.getByText(NOT_FOUND_PAGE.text)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: NOT_FOUND_PAGE.link }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

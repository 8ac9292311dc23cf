import { MESSAGES, PROFILE_MESSAGES } from '@arc/contract';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectAccessible, latestMailTo, linkIn, registerThroughApi, signIn, test } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';

/**
 * Roster agents of the demo data who have not registered, one per test that changes one: registered by that test,
 * so changing its picture, password and address never touches the demo agents other specs sign in as, and no
 * test depends on another having run first.
 */
const PASSWORD = 'Profile-Agent-2026!';
const NEW_PASSWORD = 'Changed-Agent-2027?';
const NPN = { panel: '17000014', picture: '17000015', password: '17000012', email: '17000011' } as const;
const NEW_EMAIL = 'profile.e2e@agents.example';

/** Registers the roster agent with this NPN, signs in as it and accepts the terms; answers its e-mail address. */
async function signInAsNewAgent(page: Page, npn: string): Promise<string> {
  const email = await registerThroughApi(page, npn, PASSWORD);
  await signIn(page, { username: npn, password: PASSWORD });
  await page.getByRole('button', { name: 'I AGREE' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  return email;
}

/** A 600 × 400 PNG drawn in the page: left half red, right half blue. */
async function twoColourPicture(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#d00000';
    context.fillRect(0, 0, 300, 400);
    context.fillStyle = '#0000d0';
    context.fillRect(300, 0, 300, 400);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** The colour at (x, y) as fractions of the top bar's avatar picture, read back from the loaded image. */
async function headerAvatarColour(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const image = page.getByRole('banner').locator('img').first();
  await expect(image).toHaveAttribute('src', /\/arc\/agent\/avatar\//);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  return image.evaluate(
    (img: HTMLImageElement, [fx, fy]) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const pixel = context.getImageData(Math.floor(fx! * img.naturalWidth), Math.floor(fy! * img.naturalHeight), 1, 1);
      return [pixel.data[0]!, pixel.data[1]!, pixel.data[2]!] as [number, number, number];
    },
    [x, y],
  );
}

const isRed = ([r, g, b]: [number, number, number]) => r > 150 && g < 80 && b < 80;
const isBlue = ([r, g, b]: [number, number, number]) => b > 150 && r < 80 && g < 80;

test.describe('[PROFILE] My Profile', () => {
  test('shows the avatar panel, the read-only username and the e-mail address', async ({ page }) => {
    const agentEmail = await signInAsNewAgent(page, NPN.panel);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(NPN.panel);
    await expect(page.getByLabel('Username')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Email Address')).toHaveValue(agentEmail);
    await expectAccessible(page);
    await screenshotBoth(page, 'profile');

    // Email Address is required
    await page.getByLabel('Email Address').fill('');
    await page.getByRole('button', { name: 'Update Email Address' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.emailRequired)).toBeVisible();
  });

  test('refuses a file that is not an image, then crops, rotates and saves a picture the top bar shows at once', async ({
    page,
  }) => {
    await signInAsNewAgent(page, NPN.picture);
    await page.goto('/profile');
    const chooser = page.locator('input[type="file"]');
    await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.notAnImage })).toBeVisible();
    // a file that says it is a PNG but is not one is refused too
    await chooser.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
    await expect(page.getByRole('alert').filter({ hasText: PROFILE_MESSAGES.notAnImage })).toBeVisible();

    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await twoColourPicture(page) });
    await expect(page.getByTestId('avatar-crop-area')).toBeVisible();
    const box = await page.getByTestId('avatar-crop-area').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300);
    expect(box!.height).toBeGreaterThanOrEqual(300);
    // the crop box stays inside its card, clear of the Username and Email fields beside it
    const card = page
      .locator('.mantine-Paper-root')
      .filter({ has: page.getByRole('heading', { name: 'Profile Picture' }) });
    for (const width of [1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const crop = (await page.getByTestId('avatar-crop-area').boundingBox())!;
      const inside = (await card.boundingBox())!;
      expect(crop.x, `left edge at ${width} px`).toBeGreaterThanOrEqual(inside.x);
      expect(crop.x + crop.width, `right edge at ${width} px`).toBeLessThanOrEqual(inside.x + inside.width);
      const field = (await page.getByLabel('Email Address').boundingBox())!;
      expect(crop.x + crop.width, `clear of the Email field at ${width} px`).toBeLessThan(field.x);
    }
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await expect(page.getByText('Rotation: 90°')).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'profile-crop');
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: PROFILE_MESSAGES.avatarUpdatedTitle });
    await expect(dialog.getByText(PROFILE_MESSAGES.avatarUpdated)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('avatar-crop-area')).toHaveCount(0);

    // turned a quarter clockwise: the red left half is now at the top, the blue at the bottom
    expect(isRed(await headerAvatarColour(page, 0.5, 0.15))).toBe(true);
    expect(isBlue(await headerAvatarColour(page, 0.5, 0.85))).toBe(true);
    await screenshotBoth(page, 'profile-avatar-saved');
  });

  test('changes the password with every criterion live, then signs in with the new one', async ({ page }) => {
    await signInAsNewAgent(page, NPN.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    const submit = modal.getByRole('button', { name: 'Change Password' });
    const criteria = modal.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
    // the spec's six and the server's two (not common, not the username or NPN)
    await expect(criteria).toHaveCount(8);
    await expect(submit).toBeDisabled();

    await modal.getByRole('textbox', { name: 'Current Password' }).fill('short');
    await modal.getByRole('textbox', { name: 'New Password', exact: true }).click();
    await expect(modal.getByText(PROFILE_MESSAGES.oldPasswordLength)).toBeVisible();
    await modal.getByRole('textbox', { name: 'New Password', exact: true }).fill('weakpass');
    await modal.getByRole('textbox', { name: 'Confirm New Password' }).click();
    await expect(modal.getByText(PROFILE_MESSAGES.newPasswordCriteria)).toBeVisible();
    await expect(submit).toBeDisabled();
    await expectAccessible(page);
    await screenshotBoth(page, 'profile-password');

    // a wrong current password: the server's answer under the spec's title
    await modal.getByRole('textbox', { name: 'Current Password' }).fill('Wrong-Password-1');
    await modal.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
    await modal.getByRole('textbox', { name: 'Confirm New Password' }).fill(NEW_PASSWORD);
    await expect(criteria.filter({ hasText: '(met)' })).toHaveCount(8);
    await expect(submit).toBeEnabled();
    await submit.click();
    const failed = page.getByRole('dialog', { name: PROFILE_MESSAGES.passwordFailedTitle });
    await expect(failed.getByText(PROFILE_MESSAGES.wrongOldPassword)).toBeVisible();
    await failed.getByRole('button', { name: 'Close' }).click();

    await modal.getByRole('textbox', { name: 'Current Password' }).fill(PASSWORD);
    await submit.click();
    const done = page.getByRole('dialog', { name: PROFILE_MESSAGES.passwordUpdatedTitle });
    await expect(done.getByText(PROFILE_MESSAGES.passwordUpdated)).toBeVisible();
    await done.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /user menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page.getByLabel('Username or NPN')).toBeVisible();
    await page.getByLabel('Username or NPN').fill(NPN.password);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  });

  test('changes the e-mail address only when the link sent to the new address is opened, once', async ({ page }) => {
    const agentEmail = await signInAsNewAgent(page, NPN.email);
    await page.goto('/profile');
    const before = Date.now() - 1000;
    await page.getByLabel('Email Address').fill(NEW_EMAIL);
    // the current password is needed: a wrong one is said on its field and nothing is lost
    await page.getByLabel('Current Password').fill('Not-My-Password-1');
    await page.getByRole('button', { name: 'Update Email Address' }).click();
    await expect(page.getByText(PROFILE_MESSAGES.wrongOldPassword)).toBeVisible();
    await expect(page.getByLabel('Email Address')).toHaveValue(NEW_EMAIL);
    await page.getByLabel('Current Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Update Email Address' }).click();
    const check = page.getByRole('dialog', { name: PROFILE_MESSAGES.checkEmailTitle });
    await expect(check.getByText(PROFILE_MESSAGES.checkEmail)).toBeVisible();
    await check.getByRole('button', { name: 'Close' }).click();

    // nothing changed yet: the field shows the address in use, the new one is pending; the current address was told
    await expect(page.getByLabel('Email Address')).toHaveValue(agentEmail);
    await expect(page.getByText(`${PROFILE_MESSAGES.emailPending}: ${NEW_EMAIL}`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Email Address')).toHaveValue(agentEmail);
    await expect(page.getByText(`${PROFILE_MESSAGES.emailPending}: ${NEW_EMAIL}`)).toBeVisible();
    await latestMailTo(page, agentEmail, before);

    const mail = await latestMailTo(page, NEW_EMAIL, before);
    const link = linkIn(mail.text, '/verify-email');
    await page.goto('/dev/mailbox');
    await expect(page.getByText(mail.subject).first()).toBeVisible();
    const beforeConfirm = Date.now();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: PROFILE_MESSAGES.emailChanged })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'profile-email-confirmed');
    await page.getByRole('link', { name: 'Go to My Profile' }).click();
    await expect(page.getByLabel('Email Address')).toHaveValue(NEW_EMAIL);
    await expect(page.getByText(PROFILE_MESSAGES.emailPending)).toHaveCount(0);
    // the old address is told, with a link that would undo the change
    const changed = await latestMailTo(page, agentEmail, beforeConfirm);
    expect(changed.subject).toBe('Your ARC e-mail address was changed');
    expect(linkIn(changed.text, '/verify-email')).not.toBe(link);

    // the same link again
    await page.goto(link);
    await expect(page.getByRole('heading', { name: MESSAGES.linkExpired })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, 'profile-email-expired');
  });
});

test.describe('[PROFILE] one submit at a time, focus', () => {
  /**
   * Counts the calls to `url`; each is held until `release()` (after the double click), then refused, so nothing
   * changes on the server.
   */
  async function countCalls(page: Page, url: string): Promise<{ calls: () => number; release: () => void }> {
    let calls = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(url, async (route) => {
      calls += 1;
      await released;
      await route.abort();
    });
    return { calls: () => calls, release };
  }

  test('double-clicking Update Email Address sends one change request', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    const { calls, release } = await countCalls(page, '**/arc/user/updateinfo');
    await page.getByLabel('Email Address').fill('double.click@agents.example');
    const current = page.getByLabel('Current Password');
    if (await current.count()) await current.fill(DEMO.password);
    await page.getByRole('button', { name: 'Update Email Address' }).dblclick();
    release();
    await expect(page.getByRole('dialog', { name: 'Error' })).toBeVisible();
    expect(calls()).toBe(1);
  });

  test('double-clicking the picture Save uploads once', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    const { calls, release } = await countCalls(page, '**/arc/agent/avatar');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await twoColourPicture(page) });
    await expect(page.getByTestId('avatar-crop-area')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).dblclick();
    release();
    await expect(page.getByRole('dialog', { name: PROFILE_MESSAGES.avatarFailedTitle })).toBeVisible();
    expect(calls()).toBe(1);
  });

  test('closing Change Password with Escape gives the focus back to its button', async ({ page }) => {
    await signIn(page);
    await page.goto('/profile');
    const open = page.getByRole('button', { name: 'Change Password' });
    await open.click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await expect(modal.getByRole('textbox', { name: 'Current Password' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(open).toBeFocused();
    // and a second time, once the dialog is loaded
    await open.click();
    await expect(modal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(open).toBeFocused();
  });
});

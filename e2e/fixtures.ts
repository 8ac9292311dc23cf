import { MESSAGES } from '@arc/contract';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export const DEMO = { username: 'demo', npn: '17000001', password: 'Demo-Agent-2026!', firstName: '', lastName: '' };
export const DEMO2 = { username: 'demo2', npn: '17000002', password: 'Demo-Agent-2026!' };
export const NEWCOMER = { npn: '17000003', email: 'newcomer@agents.example' };

/**
 * For what a failing GET shows: the app asks again twice, 1 s and 2 s apart, before it gives up on a 5xx
 * (apps/web/src/api/query-client.ts), so on a loaded CI machine the message comes well after the usual wait.
 */
export const AFTER_RETRIES = { timeout: 30_000 } as const;

export interface Credentials {
  username: string;
  password: string;
}

/** Signs in the way a person does: /sign-in → the provider's interaction page → the dashboard. */
export async function signIn(page: Page, credentials: Credentials = DEMO): Promise<void> {
  await page.goto('/sign-in');
  await page.waitForURL(/\/interaction\//);
  await page.getByLabel('Username or NPN').fill(credentials.username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/interaction') && !url.pathname.startsWith('/login/callback'),
  );
}

/** The signed-in tab's access token, from the session the web app keeps (apps/web/src/auth/session-store.ts). */
export async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const stored = sessionStorage.getItem('arc.session');
    return stored ? (JSON.parse(stored) as { accessToken: string }).accessToken : '';
  });
}

/** Whether anything in the tab's sessionStorage still holds the token (whatever the key or the library). */
export async function isTokenStored(page: Page, token: string): Promise<boolean> {
  return page.evaluate((value) => Object.values(sessionStorage).some((item) => item.includes(value)), token);
}

/**
 * Holds every request whose URL matches `url` until the returned function is called, then lets them through: a
 * slow call (a download token) still on its way.
 */
export async function holdBack(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return () => release();
}

/**
 * The element is inside the window from left to right, without scrolling anything sideways (a key column of a
 * table on a phone: an action, a name).
 */
export async function expectInView(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target).toBeVisible();
  const width = page.viewportSize()?.width ?? 0;
  // after a change of window size the shell moves the menu off-canvas with a transition: wait for the layout
  await expect
    .poll(
      async () => {
        const box = await target.boundingBox();
        return box ? { left: box.x >= 0, right: box.x + box.width <= width } : null;
      },
      { message: `${what}: inside the ${width} px window` },
    )
    .toEqual({ left: true, right: true });
}

/**
 * WCAG contrast of an element's text against the background it is drawn on (its own, or the first opaque one
 * behind it), at least `minimum` (4.5:1 for normal text). axe leaves some pairs to "needs review" and passes
 * them, such as a badge whose colours come from CSS variables; this measures what is painted.
 */
export async function expectReadable(target: Locator, what: string, minimum = 4.5): Promise<void> {
  const ratio = await target.evaluate((element) => {
    const parse = (value: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a };
    };
    let background = { r: 255, g: 255, b: 255, a: 1 };
    for (let node: Element | null = element; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      if (colour.a >= 0.99) {
        background = colour;
        break;
      }
    }
    const text = parse(getComputedStyle(element).color);
    // text with transparency is blended onto its background
    const blend = (channel: 'r' | 'g' | 'b') => text[channel] * text.a + background[channel] * (1 - text.a);
    const luminance = (c: { r: number; g: number; b: number }) => {
      const linear = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
    };
    const fg = luminance({ r: blend('r'), g: blend('g'), b: blend('b') });
    const bg = luminance(background);
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
  expect(ratio, `${what}: contrast ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
}

/**
 * Waits until the page has drawn what it was last told (two frames) and no animation or transition is running
 * (spinners run for ever and are not waited for; nor are animations driven by a scroll position, such as a wide
 * table's "scroll sideways" line: they follow the scroll, not the clock).
 */
export async function untilAtRest(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.timeline !== document.timeline ||
          a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** axe-core: no serious or critical violation on the page as it is now. */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // the page at rest: a dialog fading in is still half transparent, and axe would measure its colours mid-way; the
  // pointer off the content, so that the result does not depend on which row the last click left it over
  await page.mouse.move(0, 0);
  await untilAtRest(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    'axe serious/critical violations',
  ).toEqual([]);
}

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The first e-mail of the development mailbox (demo mode) at `query` that `matches`, waiting until it arrives. */
async function waitForMail(
  page: Page,
  query: string,
  matches: (message: MailboxMessage) => boolean,
): Promise<MailboxMessage> {
  let found: MailboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/dev/mailbox/messages?${query}`);
        const { messages } = (await res.json()) as { messages: MailboxMessage[] };
        found = messages.find(matches);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * Newest e-mail to this address from the development mailbox (demo mode), waiting until it arrives; `subject`, where
 * given, picks the one about it (other specs mail the same demo agent at the same time).
 */
export async function latestMailTo(page: Page, to: string, after = 0, subject?: string): Promise<MailboxMessage> {
  return waitForMail(
    page,
    `to=${encodeURIComponent(to)}`,
    (m) =>
      m.to === to && new Date(m.createdAt).getTime() >= after && (subject === undefined || m.subject.includes(subject)),
  );
}

/**
 * Asks for the registration e-mail of a roster agent of the demo data who has not registered (the NPN form of
 * /sign-in/register) and returns it once it is in the development mailbox.
 */
export async function registrationMail(page: Page, npn: string): Promise<MailboxMessage> {
  await page.goto('/sign-in/register');
  const before = Date.now() - 1000;
  await page.getByRole('textbox', { name: 'NPN', exact: true }).fill(npn);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(MESSAGES.registerSuccess)).toBeVisible();
  return registrationMailSince(page, npn, before);
}

const registrationMailSince = (page: Page, npn: string, before: number) =>
  waitForMail(
    page,
    'limit=50',
    (m) => m.text.includes(npn) && m.text.includes('/register/') && new Date(m.createdAt).getTime() >= before,
  );

/**
 * Registers a roster agent of the demo data who has not registered, through the API (the registration e-mail's
 * link, then a password), and answers the agent's e-mail address: what a test that changes an agent needs, set up
 * without the screens identity.spec.ts and seams.spec.ts test. Each such test takes an NPN no other test uses.
 */
export async function registerThroughApi(page: Page, npn: string, password: string): Promise<string> {
  const before = Date.now() - 1000;
  const asked = await page.request.post('/arc/registeraccount', { data: { agentNum: npn, action: 'registeraccount' } });
  expect(asked.status()).toBe(200);
  const mail = await registrationMailSince(page, npn, before);
  const token = linkIn(mail.text, '/register').split('/').pop()!;
  const created = await page.request.post('/arc/register/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { password },
  });
  expect(created.status(), await created.text()).toBe(200);
  return mail.to;
}

export const linkIn = (text: string, path: string): string => {
  const match = new RegExp(`https?://[^\\s"'<>]+${path}/[\\w-]+`).exec(text);
  if (!match) throw new Error(`No ${path} link in: ${text}`);
  return new URL(match[0]).pathname;
};

/**
 * Fails the test on any Content-Security-Policy violation the page reports. Afterwards it drops the test's route
 * handlers without waiting for one still running, so that a request the page sends while the context closes (a
 * sign-in redirect, the notification stream) cannot hold the context's teardown past the test's timeout.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text()))
          violations.push(message.text());
      });
      await use(violations);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(violations, 'CSP violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

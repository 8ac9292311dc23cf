import { expect, signIn, test } from './fixtures.ts';

test.describe('[PLATFORM]', () => {
  test('the API documentation at /arc/docs lists the calls', async ({ page }) => {
    await page.goto('/arc/docs');
    await expect(page.getByRole('heading', { name: /ARC API/, level: 1 })).toBeVisible();
    // the page draws the operations as they come into view: the first ones are drawn, and the description it
    // loaded lists every call (the staff's too)
    await expect(page.getByText('/interaction/{uid}/details').first()).toBeVisible();
    const described = (await (await page.request.get('/arc/docs/json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(described.paths)).toEqual(
      expect.arrayContaining(['/arc/user/info', '/arc/downloadtoken', '/arc/staff/me']),
    );
  });

  test('the development mailbox page opens in demo mode', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a signed-in page arrives listing its code, and the browser fetches each file once (docs/decisions/web-loading-and-budget.md)', async ({
    page,
  }) => {
    // signed out: the plain page, whatever the route
    await page.goto('/products');
    await page.waitForURL(/\/interaction\//);
    await signIn(page);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Order Supplies', level: 1 })).toBeVisible({ timeout: 30_000 });
    // the list as the server sent it
    const sent = await (await page.request.get('/products')).text();
    const { preloaded, fetched } = await page.evaluate((html) => {
      const served = new DOMParser().parseFromString(html, 'text/html');
      return {
        preloaded: [
          ...served.querySelectorAll<HTMLLinkElement>(
            'link[rel="modulepreload"], link[rel="preload"], link[rel="stylesheet"]',
          ),
        ].map((link) => new URL(link.getAttribute('href') ?? '', location.origin).pathname),
        fetched: performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
      };
    }, sent);
    // the route's scripts and its stylesheets (in the page as it arrives, docs/decisions/web-loading-and-budget.md)
    expect(preloaded.filter((href) => href.endsWith('.js')).length).toBeGreaterThan(1);
    expect(preloaded.some((href) => href.endsWith('.css'))).toBe(true);
    // each listed file was used as preloaded: fetched once, never again by the router or Vite's loader
    for (const href of preloaded)
      expect(
        fetched.filter((url) => url === href),
        href,
      ).toHaveLength(1);
    // the agent's first calls went out once, as the app started
    expect(fetched.filter((url) => url === '/arc/user/info')).toHaveLength(1);
  });
});

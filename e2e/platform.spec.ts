import { expect, signIn, test } from './fixtures.ts';

test.describe('[PLATFORM]', () => {
  test('the API documentation at /arc/docs lists the calls', async ({ page }) => {
    await page.goto('/arc/docs');
    await expect(page.getByText('/arc/user/info').first()).toBeVisible();
    await expect(page.getByText('/arc/downloadtoken').first()).toBeVisible();
  });

  test('the development mailbox page opens in demo mode', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a signed-in page arrives listing its code, and the browser fetches each file once (decision 052)', async ({
    page,
  }) => {
    // signed out: the plain page, whatever the route
    await page.goto('/products');
    await page.waitForURL(/\/interaction\//);
    await signIn(page);
    await page.goto('/products');
    await expect(page.getByRole('heading', { name: 'Order Supplies', level: 1 })).toBeVisible({ timeout: 30_000 });
    // the list as the server sent it: the parts that load once the page has settled (decisions 058, 059) add
    // links of their own later, which may still be on their way when the page is read
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
    expect(preloaded.some((href) => /\/assets\/products-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(preloaded.some((href) => /\/assets\/signed-in-shell-[\w-]+\.js$/.test(href))).toBe(true);
    // its stylesheets too (in the page as it arrives, decision 056): each fetched once like the chunks
    expect(preloaded.some((href) => /\/assets\/signed-in-shell-[\w-]+\.css$/.test(href))).toBe(true);
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

import { expect, expectAccessible, signIn, test, untilAtRest } from './fixtures.ts';
import { screenshotBoth } from './screenshots.ts';
import { searchQueue, signInStaff } from './staff-helpers.ts';

const STALE = 'This order was changed by someone else. Reload to see the change.';

test.describe('[STAFF] Supply orders queue', () => {
  test("ops sends demo's order to the carrier and ships it; demo reads the tracking link; illegal and stale moves are refused", async ({
    page: ops,
    browser,
  }) => {
    test.setTimeout(150_000);
    // demo is signed in already, in a browser of their own, before anything happens to the order
    const context = await browser.newContext();
    const demo = await context.newPage();
    await signIn(demo);
    const bell = demo.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')![1]);

    await (
      await signInStaff(ops, 'ops')
    )();
    await ops.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Supply orders' }).click();
    await expect(ops.getByRole('heading', { name: 'Supply orders', level: 1 })).toBeVisible();
    const table = ops.getByRole('table', { name: 'Supply orders' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-orders-queue');

    // demo's seeded Humana order, still Not Completed: the oldest such one
    await ops.getByRole('combobox', { name: 'Status' }).selectOption('Not Completed');
    await ops.getByRole('combobox', { name: 'Carrier' }).selectOption('Humana');
    await ops.getByRole('combobox', { name: 'Sort' }).selectOption('Oldest first');
    // the search waits for a pause in typing: the rows are demo's once the list with it has answered
    await searchQueue(ops, table, '17000001');
    const row = table.getByRole('row').filter({ hasText: 'Humana Gold Plus (HMO)' }).first();
    await expect(row).toBeVisible();
    const orderId = (await row.getByRole('cell').nth(1).textContent())!.trim();
    await row.getByRole('checkbox', { name: `Select order ${orderId}` }).check();
    await expect(ops.getByText('1 selected')).toBeVisible();

    // a colleague writes a note on the same order while ops fills in the dialog: ops's version is stale then
    await ops.getByRole('button', { name: 'Sent to carrier' }).click();
    const sent = ops.getByRole('dialog', { name: `Sent to carrier · order ${orderId}` });
    await sent.getByLabel('Carrier order number').fill('HUM-E2E-1');
    // the colleague reads the order's version as it is now (another spec may have noted this order before)
    const colleague = await ops.evaluate(async (id) => {
      const key = Object.keys(sessionStorage).find((name) => name.startsWith('arc-staff.user.'));
      const token = (JSON.parse(sessionStorage.getItem(key ?? '') ?? '{}') as { access_token?: string }).access_token;
      const authorization = `Bearer ${token ?? ''}`;
      const current = (await (await fetch(`/arc/staff/orders/${id}`, { headers: { authorization } })).json()) as {
        order: { version: number };
      };
      const response = await fetch('/arc/staff/orders/actions', {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({
          orders: [{ id: Number(id), version: current.order.version }],
          action: { kind: 'note', text: 'Checked the stock', isVisibleToAgent: false },
        }),
      });
      return response.status;
    }, orderId);
    expect(colleague).toBe(200);
    await sent.getByRole('button', { name: 'Save' }).click();
    await expect(sent.getByRole('alert')).toHaveText(STALE);
    await sent.getByRole('button', { name: 'Cancel' }).click();

    // the list has reloaded with the new version: the same action goes through now
    await ops.getByRole('button', { name: 'Sent to carrier' }).click();
    await sent.getByLabel('Carrier order number').fill('HUM-E2E-1');
    await sent.getByRole('button', { name: 'Save' }).click();
    await expect(ops.getByRole('status')).toContainText(`Sent to carrier: order ${orderId} saved`);

    // the filter is Not Completed: the order has left it; find it again by its number
    await ops.getByRole('combobox', { name: 'Status' }).selectOption('');
    await searchQueue(ops, table, orderId);
    const moved = table.getByRole('row').filter({ hasText: 'Humana Gold Plus (HMO)' });
    await expect(moved).toContainText('Processing');
    await moved.getByRole('checkbox').check();
    await ops.getByRole('button', { name: 'Shipped', exact: true }).click();
    const shipped = ops.getByRole('dialog', { name: `Shipped · order ${orderId}` });
    await shipped.getByRole('combobox', { name: 'Shipper' }).selectOption('UPS');
    await shipped.getByLabel('Tracking number').fill('1ZE2E0000000000001');
    await shipped.getByRole('button', { name: 'Save' }).click();
    await expect(moved).toContainText('Shipped');
    // demo's open portal shows the news at once, without a reload: the live stream, not the 20 s poll. Other specs
    // may raise notifications for demo at the same time: the count only has to rise, and the news itself be read after
    const unreadNow = async () =>
      Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? Number.NaN);
    await expect.poll(unreadNow, { timeout: 5_000 }).toBeGreaterThan(unreadBefore);
    await expect(moved.getByRole('link', { name: 'UPS 1ZE2E0000000000001' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1ZE2E0000000000001',
    );

    // an illegal move: a shipped order cannot be cancelled
    await moved.getByRole('checkbox').check();
    await ops.getByRole('button', { name: 'Cancelled' }).click();
    const cancel = ops.getByRole('dialog', { name: `Cancelled · order ${orderId}` });
    await cancel.getByLabel('Reason').fill('Changed my mind');
    await cancel.getByRole('button', { name: 'Save' }).click();
    await expect(cancel.getByRole('alert')).toHaveText('A shipped order cannot be cancelled.');
    await expectAccessible(ops);
    await screenshotBoth(ops, 'staff-orders-refused');
    await cancel.getByRole('button', { name: 'Cancel' }).click();

    // the notification opens Order Supplies
    await bell.click();
    const news = demo.getByRole('button', { name: new RegExp(`^Order ${orderId} shipped`) });
    await expect(news).toContainText('(unread)');
    await expect(news).toContainText('https://www.ups.com/track?tracknum=1ZE2E0000000000001');
    await expectAccessible(demo);
    await screenshotBoth(demo, 'notifications-list');
    await news.click();
    await demo.waitForURL((url) => url.pathname === '/products');
    await bell.click();
    await expect(news).not.toContainText('(unread)');
    await demo.keyboard.press('Escape');
    const orders = demo.getByRole('table', { name: 'Supply Orders' });
    const demoRow = orders.getByRole('row').filter({ hasText: 'Humana Gold Plus (HMO)' }).first();
    await demoRow.getByRole('button', { name: /^Show details/ }).click();
    const log = demo.getByRole('table', { name: `Order ${orderId} log` });
    await expect(log).toContainText('Sent to carrier, carrier order HUM-E2E-1');
    await expect(log).toContainText('Shipped by UPS, tracking 1ZE2E0000000000001');
    await expect(log).not.toContainText('Checked the stock');
    await expect(log.getByRole('link', { name: 'Track the shipment' })).toHaveAttribute(
      'href',
      'https://www.ups.com/track?tracknum=1ZE2E0000000000001',
    );

    // My Profile: shipped orders no longer by e-mail (under the bell they still show)
    await demo.goto('/profile');
    await demo.getByRole('button', { name: 'Notification e-mails' }).click();
    const shippedMail = demo.getByRole('checkbox', { name: 'A supply order shipped' });
    await expect(shippedMail).toBeChecked();
    await shippedMail.uncheck();
    await demo.getByRole('button', { name: 'Save e-mail choices' }).click();
    const saved = demo.getByRole('dialog', { name: 'Saved' });
    await expect(saved).toContainText('Your e-mail choices are saved.');
    await saved.getByRole('button', { name: 'Close' }).click();
    await demo.reload();
    await demo.getByRole('button', { name: 'Notification e-mails' }).click();
    await expect(demo.getByRole('checkbox', { name: 'A supply order shipped' })).not.toBeChecked();
    await expect(demo.getByRole('checkbox', { name: 'A supply order was cancelled' })).toBeChecked();
    await untilAtRest(demo);
    await expectAccessible(demo);
    await screenshotBoth(demo, 'profile-notification-emails');
    await context.close();
  });
});

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { myCasesQueries } from './my-cases.ts';
import { applyNotificationEvent } from './notification-stream.ts';
import { notificationsQueries } from './notifications.ts';

/** A query on screen (an observer keeps it active) that counts its fetches. */
function watch(client: QueryClient, queryKey: readonly unknown[]) {
  let fetches = 0;
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => ({ fetch: ++fetches }),
  });
  const stop = observer.subscribe(() => undefined);
  return { fetches: () => fetches, stop };
}

describe('applyNotificationEvent (the live stream)', () => {
  it('sets the bell’s count and reloads My cases on screen when a new notification (a case reply) comes', async () => {
    const client = new QueryClient();
    const list = watch(client, myCasesQueries.list(1).queryKey);
    const detail = watch(client, myCasesQueries.detail('case_abc').queryKey);
    // the bell's open list (notification-list.ts's key)
    const bell = watch(client, [...notificationsQueries.all(), 'list']);
    await expect.poll(() => [list.fetches(), detail.fetches(), bell.fetches()]).toEqual([1, 1, 1]);

    applyNotificationEvent(client, { unread: 3, id: 41 });
    expect(client.getQueryData(notificationsQueries.unreadCount().queryKey)).toEqual({ unread: 3 });
    await expect.poll(() => [list.fetches(), detail.fetches(), bell.fetches()]).toEqual([2, 2, 2]);

    // the count sent when the stream (re)connects names no notification: My cases is left alone
    applyNotificationEvent(client, { unread: 0, id: null });
    expect(client.getQueryData(notificationsQueries.unreadCount().queryKey)).toEqual({ unread: 0 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([list.fetches(), detail.fetches()]).toEqual([2, 2]);
    await expect.poll(() => bell.fetches()).toBe(3);
    bell.stop();
    list.stop();
    detail.stop();
    client.clear();
  });
});

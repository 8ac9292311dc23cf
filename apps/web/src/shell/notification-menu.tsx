import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useUnreadNotificationCount } from '../api/notifications.ts';

// the list is loaded on the first click: the bell itself is one small query (issue 32)
const NotificationList = lazy(() => import('./notification-list.tsx'));

/** The bell in the top bar: the unread count in its name; the agent's notifications in a popover. */
export function NotificationMenu() {
  const [isOpen, setOpen] = useState(false);
  const unread = useUnreadNotificationCount();
  return (
    <Indicator label={unread} size={18} color="brand" offset={4} disabled={unread === 0}>
      <Popover opened={isOpen} onChange={setOpen} position="bottom-end" width={360} shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={`Notifications, ${unread} unread`}
            onClick={() => setOpen(!isOpen)}
          >
            <IconBell size={22} aria-hidden="true" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          {isOpen && (
            <Suspense fallback={null}>
              <NotificationList onOpen={() => setOpen(false)} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

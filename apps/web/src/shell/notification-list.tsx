import { Button, Divider, Group, Loader, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/client.ts';
import { notificationListQuery, useMarkNotificationsRead } from '../api/notification-list.ts';
import { formatViewerInstant } from '../ui/viewer-time.ts';

/** The agent's notifications, newest first; each opens what it is about and is then read. Mark all read. */
export default function NotificationList({ onOpen }: { onOpen: () => void }) {
  const list = useQuery(notificationListQuery());
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const rows = list.data?.rows ?? [];
  const hasUnread = rows.some((n) => n.readAt === null);

  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>Notifications</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          disabled={!hasUnread}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(null)}
        >
          Mark all read
        </Button>
      </Group>
      <Divider />
      {list.isPending && <Loader size="sm" aria-label="Loading the notifications" />}
      {list.isError && (
        <Text c="red.8" size="sm" role="alert">
          {errorMessage(list.error)}
        </Text>
      )}
      {list.data && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No notifications yet.
        </Text>
      )}
      {rows.length > 0 && (
        <ScrollArea.Autosize mah={400} type="auto">
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((n) => (
              <li key={n.id}>
                <UnstyledButton
                  w="100%"
                  p="xs"
                  style={{ borderRadius: 4 }}
                  bg={n.readAt === null ? 'var(--mantine-color-blue-light)' : undefined}
                  onClick={() => {
                    if (n.readAt === null) markRead.mutate(n.id);
                    onOpen();
                    if (n.link) void navigate(n.link);
                  }}
                >
                  <Text size="sm" fw={n.readAt === null ? 700 : 500}>
                    {n.title}
                    {n.readAt === null ? <VisuallyHidden> (unread)</VisuallyHidden> : null}
                  </Text>
                  <Text size="xs">{n.body}</Text>
                  <Text size="xs" c="dimmed">
                    {formatViewerInstant(n.createdAt)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

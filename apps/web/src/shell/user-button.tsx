import type { User } from '@arc/contract';
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

const initials = (user: User) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

/** The button that opens the user menu: avatar, first and last name, the chevron. */
export function UserButton({ user, ...props }: { user: User } & ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton px="xs" py={4} style={{ borderRadius: 8 }} {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={user.avatar} alt="" radius="xl" color="brand" size={34} aria-hidden="true">
          {initials(user)}
        </Avatar>
        <Text size="sm" fw={600} truncate="end" maw={{ base: 120, xs: 200, sm: 260 }}>
          {user.firstName} {user.lastName}
        </Text>
        <VisuallyHidden>User menu</VisuallyHidden>
        <IconChevronDown size={16} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}

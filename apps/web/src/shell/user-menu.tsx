import type { User } from '@arc/contract';
import { Avatar, Group, Loader, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconChevronDown,
  IconFileText,
  IconLifebuoy,
  IconLogout,
  IconShieldCheck,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { signOut } from '../auth/session.ts';
import { paths } from '../paths.ts';
import { canFileCases } from './menu.ts';

const initials = (user: User) => `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

/** Avatar, first and last name; a spinner until the user is loaded. */
export function UserMenu({ user }: { user: User | undefined }) {
  if (!user) return <Loader size="sm" aria-label="Loading your profile" />;
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton px="xs" py={4} style={{ borderRadius: 8 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.avatar} alt="" radius="xl" color="brand" size={34} aria-hidden="true">
              {initials(user)}
            </Avatar>
            <Text size="sm" fw={600} visibleFrom="sm">
              {user.firstName} {user.lastName}
            </Text>
            <VisuallyHidden>User menu</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
          My Profile
        </Menu.Item>
        {canFileCases(user) && (
          <Menu.Item component={Link} to={paths.caseForm} leftSection={<IconLifebuoy size={16} />}>
            Case Form
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={paths.tos} leftSection={<IconShieldCheck size={16} />}>
          Terms of Service
        </Menu.Item>
        <Menu.Item component={Link} to={paths.policies} leftSection={<IconFileText size={16} />}>
          Policies
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.8" leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

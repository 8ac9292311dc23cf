import type { User } from '@arc/contract';
import { Button, Loader, Menu } from '@mantine/core';
import { IconFileText, IconLifebuoy, IconLogout, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { signOut } from '../auth/session.ts';
import { paths } from '../paths.ts';
import { canFileCases } from './menu.ts';
import { UserButton } from './user-button.tsx';

export interface UserMenuProps {
  user: User | undefined;
  /** the agent could not be loaded: Log Out stays within reach instead of a spinner that never stops */
  isFailed?: boolean;
}

/** Avatar, first and last name (on phones too) opening the user menu; a spinner until the user is loaded. */
export function UserMenu({ user, isFailed = false }: UserMenuProps) {
  if (!user && isFailed) {
    return (
      <Button
        variant="default"
        size="compact-sm"
        leftSection={<IconLogout size={16} aria-hidden="true" />}
        onClick={() => void signOut()}
      >
        Log Out
      </Button>
    );
  }
  if (!user) return <Loader size="sm" aria-label="Loading your profile" />;
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UserButton user={user} />
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

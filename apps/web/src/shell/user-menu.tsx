import type { Agent } from '@arc/contract';
import { Button, Loader, Menu } from '@mantine/core';
import { IconFileText, IconLifebuoy, IconLogout, IconMessages, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { signOut } from '../auth/session.ts';
import { paths } from '../paths.ts';
import { canFileCases } from './menu.ts';
import { UserButton } from './user-button.tsx';

export interface UserMenuProps {
  agent: Agent | undefined;
  /** the agent could not be loaded: Log Out stays within reach instead of a spinner that never stops */
  isFailed?: boolean;
}

/** Avatar, first and last name (on phones too) opening the user menu; a spinner until the agent is loaded. */
export function UserMenu({ agent, isFailed = false }: UserMenuProps) {
  if (!agent && isFailed) {
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
  if (!agent) return <Loader size="sm" aria-label="Loading your profile" />;
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UserButton agent={agent} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profile} leftSection={<IconUser size={16} />}>
          My Profile
        </Menu.Item>
        {canFileCases(agent) && (
          <Menu.Item component={Link} to={paths.caseForm} leftSection={<IconLifebuoy size={16} />}>
            Case Form
          </Menu.Item>
        )}
        {canFileCases(agent) && (
          <Menu.Item component={Link} to={paths.myCases} leftSection={<IconMessages size={16} />}>
            My cases
          </Menu.Item>
        )}
        <Menu.Item component={Link} to={paths.terms} leftSection={<IconShieldCheck size={16} />}>
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

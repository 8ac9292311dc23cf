import type { Agent } from '@arc/contract';
import { Menu } from '@mantine/core';
import { IconFileText, IconLifebuoy, IconLogout, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { signOut } from '../auth/session.ts';
import { paths } from '../paths.ts';
import { useTakeOver } from '../ui/deferred-part.tsx';
import { canFileCases } from './menu.ts';
import { UserButton } from './user-button.tsx';

export interface UserMenuPopupProps {
  agent: Agent;
  /** the agent already pressed the stand-in: the menu opens as it arrives */
  isWanted: boolean;
  /** the stand-in had the focus: the real button takes it over */
  hasFocus: boolean;
}

/** The user menu itself, which takes the stand-in's place once its code has loaded (decision 058). */
export function UserMenuPopup({ agent, isWanted, hasFocus }: UserMenuPopupProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  useTakeOver(target, { isWanted, hasFocus }, () => setOpen(true));
  return (
    <Menu opened={isOpen} onChange={setOpen} position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UserButton ref={target} agent={agent} />
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

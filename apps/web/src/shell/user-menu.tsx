import type { Agent } from '@arc/contract';
import { Button, Loader } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { signOut } from '../auth/session.ts';
import { deferredPart, useStandIn } from '../ui/deferred-part.tsx';
import { UserButton } from './user-button.tsx';

/** the menu itself, with the positioning code every dropdown needs: loaded after the screen (decision 058) */
const popup = deferredPart(() => import('./user-menu-popup.tsx').then((module) => module.UserMenuPopup));

export interface UserMenuProps {
  agent: Agent | undefined;
  /** the agent could not be loaded: Log Out stays within reach instead of a spinner that never stops */
  isFailed?: boolean;
}

/**
 * Avatar, first and last name (on phones too); a spinner until the agent is loaded. Until the menu's code has
 * loaded, the same button stands in: pressed, it opens the menu as soon as the code is there.
 */
export function UserMenu({ agent, isFailed = false }: UserMenuProps) {
  const Popup = popup.useLoaded();
  const { isWanted, hasFocus, handlers } = useStandIn(popup.preload);
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
  if (Popup) return <Popup agent={agent} isWanted={isWanted} hasFocus={hasFocus} />;
  return <UserButton agent={agent} aria-haspopup="menu" aria-expanded={false} {...handlers} />;
}

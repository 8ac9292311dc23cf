import type { Agent } from '@arc/contract';
import { NavLink, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { deferredPart } from '../ui/deferred-part.tsx';
import { ROUTE_ICONS } from './icons.tsx';
import { menuItems } from './menu.ts';
import { CollapsedGroupButton, CollapsedLink, hasSubMenu, isOn, type ItemProps } from './side-menu-items.tsx';
import classes from './side-menu.module.css';

export interface SideMenuProps {
  agent: Agent | undefined;
  /** collapsed on desktop: icons only, a group opens its sub-menu beside it */
  isCollapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * The collapsed menu's items: a tooltip on each icon, a group's sub-menu beside it. They need the positioning code
 * every floating element does, so they load after the screen, or when the agent points at or focuses the button
 * that collapses the menu (decision 058).
 */
const collapsed = deferredPart(() => import('./side-menu-collapsed.tsx').then((module) => module.CollapsedItem));
export const preloadCollapsedMenu = collapsed.preload;

/** Built from the route table: icons, children as sub-menus, security keys, a group's external links. */
export function SideMenu({ agent, isCollapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const items = menuItems(agent);
  const CollapsedItem = collapsed.useLoaded() ?? CollapsedStandIn;
  return (
    // the browser's own scrolling: Mantine's ScrollArea would bring the positioning library with it (decision 058)
    <nav aria-label="Main menu" className={classes.scroll}>
      <Stack component="ul" gap={2} p="xs" className={classes.list}>
        {items.map((item) => (
          <li key={item.path}>
            {isCollapsed ? (
              <CollapsedItem item={item} pathname={pathname} onNavigate={onNavigate} />
            ) : (
              <ExpandedItem item={item} pathname={pathname} onNavigate={onNavigate} />
            )}
          </li>
        ))}
      </Stack>
    </nav>
  );
}

function ExpandedItem({ item, pathname, onNavigate }: ItemProps) {
  const Icon = ROUTE_ICONS[item.icon!];
  const icon = <Icon size={20} stroke={1.6} aria-hidden="true" />;
  if (!hasSubMenu(item)) {
    return (
      <NavLink
        component={RouterLink}
        to={item.path}
        end={item.path === '/'}
        label={item.title}
        leftSection={icon}
        active={isOn(pathname, item.path)}
        onClick={onNavigate}
        variant="light"
        className={classes.link}
      />
    );
  }
  return <GroupItem item={item} pathname={pathname} onNavigate={onNavigate} icon={icon} />;
}

/** A group with a sub-menu: a real button that says whether it is open. */
function GroupItem({ item, pathname, onNavigate, icon }: ItemProps & { icon: ReactNode }) {
  const [isOpen, setOpen] = useState(() => isOn(pathname, item.path));
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={isOpen}
      opened={isOpen}
      onChange={setOpen}
      label={item.title}
      leftSection={icon}
      active={isOn(pathname, item.path)}
      variant="subtle"
      childrenOffset={30}
      className={classes.link}
    >
      {item.children?.map((child) => (
        <NavLink
          key={child.path}
          component={RouterLink}
          to={child.path}
          label={child.title}
          active={isOn(pathname, child.path)}
          onClick={onNavigate}
          variant="light"
          className={classes.link}
        />
      ))}
      {item.externalLinks?.map((link) => (
        <NavLink
          key={link.href}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          label={link.title}
          rightSection={<IconExternalLink size={14} aria-label="(opens in a new tab)" />}
          className={classes.link}
        />
      ))}
    </NavLink>
  );
}

/** A collapsed item until the collapsed menu's code is there: the same icon, named, without tooltip or sub-menu. */
function CollapsedStandIn({ item, pathname, onNavigate }: ItemProps) {
  if (!hasSubMenu(item)) return <CollapsedLink item={item} pathname={pathname} onNavigate={onNavigate} />;
  return (
    <CollapsedGroupButton
      item={item}
      pathname={pathname}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadCollapsedMenu}
      onFocus={preloadCollapsedMenu}
    />
  );
}

import type { Agent } from '@arc/contract';
import { NavLink, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { ROUTE_ICONS } from './icons.tsx';
import { menuItems } from './menu.ts';
import { CollapsedItem } from './side-menu-collapsed.tsx';
import { hasSubMenu, isGroupOn, isOn, type ItemProps } from './side-menu-items.tsx';
import classes from './side-menu.module.css';

export interface SideMenuProps {
  agent: Agent | undefined;
  /** collapsed on desktop: icons only, a group opens its sub-menu beside it */
  isCollapsed?: boolean;
  onNavigate?: () => void;
}

/** Built from the route table: icons, children as sub-menus, security keys, a group's external links. */
export function SideMenu({ agent, isCollapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const items = menuItems(agent);
  return (
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
  const [isOpen, setOpen] = useState(() => isGroupOn(pathname, item));
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={isOpen}
      opened={isOpen}
      onChange={setOpen}
      label={item.title}
      leftSection={icon}
      active={isGroupOn(pathname, item)}
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

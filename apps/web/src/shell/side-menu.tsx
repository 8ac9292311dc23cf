import type { User } from '@arc/contract';
import { Menu, NavLink, ScrollArea, Stack, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link, NavLink as RouterLink, useLocation } from 'react-router';
import type { AppRoute } from '../route-table.ts';
import { ROUTE_ICONS } from './icons.tsx';
import { menuItems } from './menu.ts';
import classes from './side-menu.module.css';

export interface SideMenuProps {
  user: User | undefined;
  /** collapsed on desktop: icons only, a group opens its sub-menu beside it */
  isCollapsed?: boolean;
  onNavigate?: () => void;
}

const isOn = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

/** Built from the route table: icons, children as sub-menus, security keys, a group's external links. */
export function SideMenu({ user, isCollapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const items = menuItems(user);
  return (
    <ScrollArea component="nav" aria-label="Main menu" h="100%" type="scroll" scrollbarSize={6}>
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
    </ScrollArea>
  );
}

interface ItemProps {
  item: AppRoute;
  pathname: string;
  onNavigate: (() => void) | undefined;
}

const hasSubMenu = (item: AppRoute) => (item.children?.length ?? 0) > 0 || (item.externalLinks?.length ?? 0) > 0;

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

function CollapsedItem({ item, pathname, onNavigate }: ItemProps) {
  const Icon = ROUTE_ICONS[item.icon!];
  const isActive = isOn(pathname, item.path);
  if (!hasSubMenu(item)) {
    return (
      <Tooltip label={item.title} position="right" withArrow>
        <NavLink
          component={RouterLink}
          to={item.path}
          end={item.path === '/'}
          aria-label={item.title}
          leftSection={<Icon size={22} stroke={1.6} aria-hidden="true" />}
          active={isActive}
          onClick={onNavigate}
          variant="light"
          className={classes.iconOnly}
        />
      </Tooltip>
    );
  }
  return (
    <Menu position="right-start" offset={10} withArrow shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={item.title} className={classes.iconButton} data-active={isActive || undefined}>
          <Icon size={22} stroke={1.6} aria-hidden="true" />
          <IconChevronRight size={12} aria-hidden="true" className={classes.chevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{item.title}</Menu.Label>
        {item.children?.map((child) => (
          <Menu.Item key={child.path} component={Link} to={child.path} onClick={onNavigate}>
            {child.title}
          </Menu.Item>
        ))}
        {item.externalLinks?.map((link) => (
          <Menu.Item
            key={link.href}
            component="a"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={14} aria-label="(opens in a new tab)" />}
          >
            {link.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

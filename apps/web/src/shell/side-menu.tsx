import type { User } from '@arc/contract';
import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { ROUTE_ICONS } from './icons.tsx';
import { menuItems } from './menu.ts';

export interface SideMenuProps {
  user: User | undefined;
  /** collapsed on desktop: icons only */
  isCollapsed?: boolean;
  onNavigate?: () => void;
}

/** Built from the route table: icons, children as sub-menus, security keys, external links of a group. */
export function SideMenu({ user, isCollapsed = false, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const items = menuItems(user);
  return (
    <ScrollArea component="nav" aria-label="Main menu" h="100%" type="scroll">
      <Stack gap={2} p="xs">
        {items.map((item) => {
          const Icon = ROUTE_ICONS[item.icon!];
          const isActive = item.path === '/' ? pathname === '/' : pathname.startsWith(item.path);
          const hasChildren = (item.children?.length ?? 0) > 0 || (item.externalLinks?.length ?? 0) > 0;
          if (!hasChildren) {
            return (
              <NavLink
                key={item.path}
                component={RouterLink}
                to={item.path}
                end={item.path === '/'}
                label={isCollapsed ? undefined : item.title}
                aria-label={isCollapsed ? item.title : undefined}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden="true" />}
                active={isActive}
                onClick={onNavigate}
                variant="light"
              />
            );
          }
          return (
            <NavLink
              key={item.path}
              label={isCollapsed ? undefined : item.title}
              aria-label={isCollapsed ? item.title : undefined}
              leftSection={<Icon size={20} stroke={1.6} aria-hidden="true" />}
              defaultOpened={isActive}
              active={isActive}
              variant="light"
              childrenOffset={isCollapsed ? 0 : 28}
            >
              {item.children?.map((child) => (
                <NavLink
                  key={child.path}
                  component={RouterLink}
                  to={child.path}
                  label={child.title}
                  active={pathname.startsWith(child.path)}
                  onClick={onNavigate}
                  variant="light"
                />
              ))}
              {item.externalLinks?.map((link) => (
                <NavLink
                  key={link.href}
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  label={link.title}
                  rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
                />
              ))}
            </NavLink>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}

import { NavLink, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { NavLink as RouterLink } from 'react-router';
import type { AppRoute } from '../route-table.ts';
import { ROUTE_ICONS } from './icons.tsx';
import classes from './side-menu.module.css';

/** whether the path is the item's or below it (the dashboard only for itself) */
export const isOn = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

/** a group is on at its own path and at any child's, which may have an address of its own (/soa) */
export const isGroupOn = (pathname: string, item: AppRoute) =>
  isOn(pathname, item.path) || (item.children ?? []).some((child) => isOn(pathname, child.path));

export interface ItemProps {
  item: AppRoute;
  pathname: string;
  onNavigate: (() => void) | undefined;
}

/** a group: children or external links to open beside it */
export const hasSubMenu = (item: AppRoute) => (item.children?.length ?? 0) > 0 || (item.externalLinks?.length ?? 0) > 0;

/**
 * A collapsed item without a sub-menu: its icon, named, as a link. The rest of the props (the ref and the pointer
 * and focus handlers a tooltip gives its target) go to the link.
 */
export function CollapsedLink({
  item,
  pathname,
  onNavigate,
  ...props
}: ItemProps & Omit<ComponentPropsWithRef<'a'>, 'onClick' | 'href' | 'onChange' | 'children'>) {
  const Icon = ROUTE_ICONS[item.icon!];
  return (
    <NavLink
      {...props}
      component={RouterLink}
      to={item.path}
      end={item.path === '/'}
      aria-label={item.title}
      leftSection={<Icon size={22} stroke={1.6} aria-hidden="true" />}
      active={isOn(pathname, item.path)}
      onClick={onNavigate}
      variant="light"
      className={classes.iconOnly}
    />
  );
}

/** The button of a collapsed group: its icon and a chevron, named; its sub-menu opens beside it. */
export function CollapsedGroupButton({
  item,
  pathname,
  className,
  ...props
}: { item: AppRoute; pathname: string } & ComponentPropsWithRef<'button'>) {
  const Icon = ROUTE_ICONS[item.icon!];
  return (
    <UnstyledButton
      aria-label={item.title}
      data-active={isGroupOn(pathname, item) || undefined}
      {...props}
      // a tooltip or menu around it may add its own class: the button keeps its own too
      className={className ? `${classes.iconButton} ${className}` : classes.iconButton}
    >
      <Icon size={22} stroke={1.6} aria-hidden="true" />
      <IconChevronRight size={12} aria-hidden="true" className={classes.chevron} />
    </UnstyledButton>
  );
}

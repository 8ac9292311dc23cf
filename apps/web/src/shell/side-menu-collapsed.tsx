import { Menu, NavLink, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import { Link, NavLink as RouterLink } from 'react-router';
import { ROUTE_ICONS } from './icons.tsx';
import { hasSubMenu, isOn, type ItemProps } from './side-menu-items.ts';
import classes from './side-menu.module.css';

/** An item of the collapsed menu: its icon with a tooltip, or a group's sub-menu beside it (decision 058). */
export function CollapsedItem({ item, pathname, onNavigate }: ItemProps) {
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

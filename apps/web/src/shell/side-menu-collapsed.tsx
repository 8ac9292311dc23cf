import { Menu, Tooltip } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CollapsedGroupButton, CollapsedLink, hasSubMenu, type ItemProps } from './side-menu-items.tsx';

/** the name shows on hover and on keyboard focus */
const TOOLTIP_EVENTS = { hover: true, focus: true, touch: false };

/** An item of the collapsed menu: its icon with a tooltip (on hover and on keyboard focus), or a group's sub-menu beside it. */
export function CollapsedItem({ item, pathname, onNavigate }: ItemProps) {
  if (!hasSubMenu(item)) {
    return (
      <Tooltip label={item.title} position="right" withArrow events={TOOLTIP_EVENTS}>
        <CollapsedLink item={item} pathname={pathname} onNavigate={onNavigate} />
      </Tooltip>
    );
  }
  return (
    <Menu position="right-start" offset={10} withArrow shadow="md" width={240}>
      {/* Mantine's order for a menu target with a tooltip: the tooltip outside Menu.Target */}
      <Tooltip label={item.title} position="right" withArrow events={TOOLTIP_EVENTS}>
        <Menu.Target>
          <CollapsedGroupButton item={item} pathname={pathname} />
        </Menu.Target>
      </Tooltip>
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

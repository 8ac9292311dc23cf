import type { AppRoute } from '../route-table.ts';

/** whether the path is the item's or below it (the dashboard only for itself) */
export const isOn = (pathname: string, path: string) =>
  path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);

export interface ItemProps {
  item: AppRoute;
  pathname: string;
  onNavigate: (() => void) | undefined;
}

/** a group: children or external links to open beside it */
export const hasSubMenu = (item: AppRoute) => (item.children?.length ?? 0) > 0 || (item.externalLinks?.length ?? 0) > 0;

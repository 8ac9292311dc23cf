import type { Agent } from '@arc/contract';
import { APP_ROUTES, type AppRoute } from '../route-table.ts';

/** Side-menu items: top-level routes with an icon, minus those whose security key is not true for the agent. */
export function menuItems(agent: Partial<Agent> | undefined, routes: AppRoute[] = APP_ROUTES): AppRoute[] {
  const allowed = (route: AppRoute) => !route.securityKey || (agent?.[route.securityKey] ?? false) === true;
  return routes
    .filter((route) => route.icon && allowed(route))
    .map((route) => (route.children ? { ...route, children: route.children.filter(allowed) } : route));
}

export { canFileCases } from '../auth/access.ts';

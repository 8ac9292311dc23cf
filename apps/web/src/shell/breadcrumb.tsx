import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation, useMatches } from 'react-router';
import { paths } from '../paths.ts';
import { pageTitle, type RouteHandle } from '../route-table.ts';
import { pushCrumb, type Crumb } from './breadcrumb.ts';

// The trail is session state: it survives a layout change (a 404, the terms gate) within the tab.
let trail: Crumb[] = [];
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function visit(crumb: Crumb) {
  const next = pushCrumb(trail, crumb);
  if (next.length === trail.length && next.every((entry, i) => entry.path === trail[i]?.path)) return;
  trail = next;
  for (const listener of listeners) listener();
}

/** ARC (a link to /), then the last three places visited; a revisit moves to the end. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const match = matches.at(-1);
  const title = pageTitle(match?.handle as RouteHandle | undefined, match?.params ?? {});
  const crumbs = useSyncExternalStore(subscribe, () => trail);
  useEffect(() => {
    if (title && pathname !== paths.home) visit({ path: pathname, title });
  }, [pathname, title]);

  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        <Anchor component={Link} to={paths.home} size="sm" fw={600}>
          ARC
        </Anchor>
        {crumbs.map((crumb) =>
          crumb.path === pathname ? (
            <Text key={crumb.path} size="sm" c="dimmed" aria-current="page">
              {crumb.title}
            </Text>
          ) : (
            <Anchor key={crumb.path} component={Link} to={crumb.path} size="sm">
              {crumb.title}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

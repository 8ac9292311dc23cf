import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { titleFor } from '../route-table.ts';
import { pushCrumb, type Crumb } from './breadcrumb.ts';

/** ARC, then the last three places visited (a revisit moves to the end). */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const [trail, setTrail] = useState<Crumb[]>([]);
  useEffect(() => {
    const title = titleFor(pathname);
    if (title && pathname !== '/') setTrail((current) => pushCrumb(current, { path: pathname, title }));
  }, [pathname]);
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        <Anchor component={Link} to="/" size="sm">
          ARC
        </Anchor>
        {trail.map((crumb) =>
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

import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';

type ScreenModule = { default: ComponentType };

/** Every page of the back office, each its own chunk, loaded when its route is visited (like router.tsx's). */
const PAGES = import.meta.glob<ScreenModule>('../features/staff-*/*-page.tsx');

/** A page by its path under features/ without the extension (`staff-area/name-page`). */
const page = (module: string) => {
  const load = PAGES[`../features/${module}.tsx`];
  if (!load) throw new Error(`no back-office page features/${module}.tsx`);
  return async () => ({ Component: (await load()).default });
};

/**
 * The routes below /staff (router.tsx adds them on the first /staff visit). The signed-out pages stand alone;
 * every other page sits in `staff-layout.tsx` (session, frame, role check). A new page: a `…-page.tsx` in its area's
 * feature (`features/staff-<area>/`, one per server module `staff-<area>`), a line here and, for the side menu and
 * its roles, an area in `staff-areas.ts`.
 */
export const STAFF_ROUTES: RouteObject[] = [
  { path: 'sign-in', lazy: page('staff-identity/staff-sign-in-page') },
  { path: 'login/callback', lazy: page('staff-identity/staff-login-callback-page') },
  { path: 'interaction/:uid', lazy: page('staff-identity/staff-interaction-page') },
  { path: 'enrol/:token', lazy: page('staff-identity/staff-enrol-page') },
  {
    lazy: async () => ({ Component: (await import('./staff-layout.tsx')).default }),
    children: [
      { index: true, lazy: page('staff-home/staff-home-page') },
      { path: 'agents', lazy: page('staff-agents/staff-agents-page') },
      { path: 'agents/new', lazy: page('staff-agents/staff-agent-new-page') },
      { path: 'agents/:npn', lazy: page('staff-agents/staff-agent-page') },
      { path: 'imports', lazy: page('staff-imports/staff-imports-page') },
      { path: 'statements', lazy: page('staff-statements/staff-statements-page') },
      { path: 'content', lazy: page('staff-content/staff-content-page') },
      { path: 'audit', lazy: page('staff-audit/staff-audit-page') },
      { path: 'members', lazy: page('staff-members/staff-members-page') },
      { path: 'jobs', lazy: page('staff-jobs/staff-jobs-page') },
      { path: 'orders', lazy: page('staff-orders/staff-orders-page') },
      { path: 'orders/:id', lazy: page('staff-orders/staff-order-page') },
      { path: 'cases', lazy: page('staff-cases/staff-cases-page') },
      { path: 'cases/:id', lazy: page('staff-cases/staff-case-page') },
      { path: 'soa', lazy: page('staff-soa/staff-soa-page') },
      { path: 'enrollments', lazy: page('staff-enrollments/staff-enrollments-page') },
      { path: 'training', lazy: page('staff-media/staff-training-page') },
      { path: 'pages', lazy: page('staff-media/staff-pages-page') },
      { path: 'terms', lazy: page('staff-terms/staff-terms-page') },
      { path: 'terms/new', lazy: page('staff-terms/staff-terms-version-page') },
      { path: 'terms/:id', lazy: page('staff-terms/staff-terms-version-page') },
      { path: '*', element: <Navigate to="/staff" replace /> },
    ],
  },
];

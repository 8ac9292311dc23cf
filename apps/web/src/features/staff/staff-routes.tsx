import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';

type ScreenModule = { default: ComponentType };

/** Every page of the back office, each its own chunk, loaded when its route is visited (like router.tsx's). */
const PAGES = import.meta.glob<ScreenModule>('./*-page.tsx');

const page = (name: string) => {
  const load = PAGES[`./${name}.tsx`];
  if (!load) throw new Error(`no back-office page features/staff/${name}.tsx`);
  return async () => ({ Component: (await load()).default });
};

/**
 * The routes below /staff (router.tsx adds them on the first /staff visit). The signed-out pages stand alone;
 * every other page sits in `staff-layout.tsx` (session, frame, role check). A new page: a `…-page.tsx` here and,
 * for the side menu and its roles, an area in `staff-areas.ts`.
 */
export const STAFF_ROUTES: RouteObject[] = [
  { path: 'sign-in', lazy: page('staff-sign-in-page') },
  { path: 'login/callback', lazy: page('staff-login-callback-page') },
  { path: 'interaction/:uid', lazy: page('staff-interaction-page') },
  { path: 'enrol/:token', lazy: page('staff-enrol-page') },
  {
    lazy: async () => ({ Component: (await import('./staff-layout.tsx')).default }),
    children: [
      { index: true, lazy: page('staff-home-page') },
      { path: 'agents', lazy: page('staff-agents-page') },
      { path: 'agents/new', lazy: page('staff-agent-new-page') },
      { path: 'agents/:npn', lazy: page('staff-agent-page') },
      { path: 'imports', lazy: page('staff-imports-page') },
      { path: 'statements', lazy: page('staff-statements-page') },
      { path: 'content', lazy: page('staff-content-page') },
      { path: 'audit', lazy: page('staff-audit-page') },
      { path: 'members', lazy: page('staff-members-page') },
      { path: 'jobs', lazy: page('staff-jobs-page') },
      { path: 'orders', lazy: page('staff-orders-page') },
      { path: 'cases', lazy: page('staff-cases-page') },
      { path: 'cases/:id', lazy: page('staff-case-page') },
      { path: 'soa', lazy: page('staff-soa-page') },
      { path: 'enrollments', lazy: page('staff-enrollments-page') },
      { path: 'training', lazy: page('staff-training-page') },
      { path: 'pages', lazy: page('staff-pages-page') },
      { path: 'terms', lazy: page('staff-terms-page') },
      { path: 'terms/new', lazy: page('staff-terms-version-page') },
      { path: 'terms/:id', lazy: page('staff-terms-version-page') },
      { path: '*', element: <Navigate to="/staff" replace /> },
    ],
  },
];

import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { APP_ROUTES, EXTRA_ROUTES, flattenRoutes, type AppRoute, type RouteHandle } from './route-table.ts';
import { LoginLayout } from './shell/login-layout.tsx';
import { RootLayout } from './shell/root-layout.tsx';
import { RouteError } from './shell/route-error.tsx';

type ScreenModule = { default: ComponentType };

/** Screen modules by name; each loads only when its route is visited. Only this file imports features. */
const SCREENS: Record<string, () => Promise<ScreenModule>> = {
  dashboard: () => import('./features/dashboard/dashboard-page.tsx'),
  'coming-soon': () => import('./features/content/coming-soon-page.tsx'),
  supplies: () => import('./features/supplies/products-page.tsx'),
  enrollments: () => import('./features/enrollments/enrollments-page.tsx'),
  prospects: () => import('./features/prospects/prospects-page.tsx'),
  // internal: the shared components on sample rows, proved end to end until an area uses them
  'ui-kit': () => import('./features/ui-kit/ui-kit-page.tsx'),
  'training-videos': () => import('./features/training/videos-page.tsx'),
  'training-category': () => import('./features/training/category-page.tsx'),
  'training-video': () => import('./features/training/video-player-page.tsx'),
  'compliance-guides': () => import('./features/compliance/compliance-guides-page.tsx'),
  commissions: () => import('./features/commissions/commissions-page.tsx'),
  'final-expense': () => import('./features/final-expense/final-expense-page.tsx'),
  'medicare-scholar': () => import('./features/marketing/medicare-scholar-page.tsx'),
  leadstar: () => import('./features/marketing/leadstar-page.tsx'),
  proshop: () => import('./features/marketing/proshop-page.tsx'),
  // My Profile holds the contracts tables and their views (spec part 1 §2): the two features, composed here
  profile: async () => {
    const [{ default: Profile }, { default: Contracts }] = await Promise.all([
      import('./features/profile/profile-page.tsx'),
      import('./features/contracts/contracts-page.tsx'),
    ]);
    return { default: () => <Profile contracts={<Contracts isSection />} /> };
  },
  'case-form': () => import('./features/cases/case-form-page.tsx'),
  tos: () => import('./features/terms/tos-page.tsx'),
  'core-crm': () => import('./features/content/core-crm-page.tsx'),
  green365: () => import('./features/content/green365-page.tsx'),
  myquote: () => import('./features/content/myquote-page.tsx'),
  myhealthplan: () => import('./features/content/myhealthplan-page.tsx'),
  sunfire: () => import('./features/content/sunfire-page.tsx'),
  policies: () => import('./features/content/policies-page.tsx'),
  resources: () => import('./features/content/resources-page.tsx'),
  contact: () => import('./features/content/contact-page.tsx'),
};

const lazyScreen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

/** An agent route from the route table: lazy screen, handle with title, icon, security key and auth. */
function toRoute(route: AppRoute): RouteObject {
  const load = SCREENS[route.screen] ?? SCREENS['coming-soon']!;
  const handle: RouteHandle = {
    auth: true,
    title: route.title,
    ...(route.icon ? { icon: route.icon } : {}),
    ...(route.securityKey ? { securityKey: route.securityKey } : {}),
    ...(route.access ? { access: route.access } : {}),
  };
  return { path: route.path, handle, errorElement: <RouteError />, lazy: lazyScreen(load) };
}

/** A public screen in the login layout. */
function publicRoute(path: string, handle: RouteHandle, load: () => Promise<ScreenModule>): RouteObject {
  return {
    path,
    handle: { auth: false, layout: 'login', ...handle } satisfies RouteHandle,
    errorElement: <RouteError />,
    lazy: lazyScreen(load),
  };
}

const signIn = () => import('./features/identity/sign-in-page.tsx');
const requestLink = () => import('./features/account/request-link-page.tsx');
const createPassword = () => import('./features/account/create-password-page.tsx');

/**
 * The route table of route-table.ts, as routes. The sign-in screen's action comes from the route's
 * `handle.name`: /sign-in (login), /sign-in/forgot (forgot), /sign-in/register (register).
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError isRoot />,
    // non-lazy root with a fallback while the first lazy route loads (avoids React Router's warning)
    HydrateFallback: () => <LoginLayout isLoading />,
    children: [
      ...[...flattenRoutes(APP_ROUTES), ...EXTRA_ROUTES].map(toRoute),
      publicRoute(paths.signIn, { name: 'login', title: 'Sign in' }, signIn),
      publicRoute(paths.signInForgot, { name: 'forgot', title: 'Forgot Password' }, requestLink),
      publicRoute(paths.signInRegister, { name: 'register', title: 'Sign Up' }, requestLink),
      publicRoute('/interaction/:uid', { title: 'Sign in' }, () => import('./features/identity/interaction-page.tsx')),
      publicRoute(
        paths.loginCallback,
        { title: 'Signing in' },
        () => import('./features/identity/login-callback-page.tsx'),
      ),
      publicRoute('/register/:token', { title: 'Create password' }, createPassword),
      publicRoute('/forgotpass/:token', { title: 'Reset password' }, createPassword),
      publicRoute(
        '/verify-email/:token',
        { title: 'Confirm e-mail address' },
        () => import('./features/profile/confirm-email-page.tsx'),
      ),
      publicRoute(
        paths.tosGate,
        { title: 'Terms of Service', isWide: true },
        () => import('./features/terms/tos-gate-page.tsx'),
      ),
      publicRoute('*', { title: 'Page not found' }, () => import('./features/content/not-found-page.tsx')),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { APP_ROUTES, EXTRA_ROUTES, flattenRoutes, type AppRoute, type RouteHandle } from './route-table.ts';
import { LoginLayout } from './shell/login-layout.tsx';
import { RootLayout } from './shell/root-layout.tsx';
import { RouteError } from './shell/route-error.tsx';

type ScreenModule = { default: ComponentType };

/**
 * Every screen module, each its own chunk that loads only when its route is visited. Only this file imports
 * features; the route table names each route's module.
 */
const PAGES = import.meta.glob<ScreenModule>([
  './features/*/*-page.tsx',
  // the back office's screens (features/staff-*): its own route list (staff/staff-routes.tsx)
  '!./features/staff-*/**',
  // the sign-in form is a page of sign-in.html (sign-in-main.tsx, docs/decisions/web-loading-and-budget.md), never a
  // route of the app
  '!./features/identity/interaction-page.tsx',
  // parts of screens, not screens
  '!./features/marketing/marketing-page.tsx',
  '!./features/content/documents-page.tsx',
]);

/** A screen module by its path under features/ without the extension (`area/name-page`). */
function screen(module: string): () => Promise<ScreenModule> {
  const load = PAGES[`./features/${module}.tsx`];
  if (!load) throw new Error(`no screen module features/${module}.tsx`);
  return load;
}

/** A screen with another shown as its section: My Profile with the contracts. */
function withSection(module: string, section: string): () => Promise<ScreenModule> {
  const [main, inner] = [screen(module), screen(section)];
  return async () => {
    const [mainModule, sectionModule] = await Promise.all([main(), inner()]);
    const Main = mainModule.default as ComponentType<{ contracts: ReactNode }>;
    const Section = sectionModule.default as ComponentType<{ isSection?: boolean }>;
    return { default: () => <Main contracts={<Section isSection />} /> };
  };
}

const lazyScreen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

/** An agent route from the route table: lazy screen, handle with title, icon, security key and auth. */
function toRoute(route: AppRoute): RouteObject {
  const load = route.section ? withSection(route.screen, route.section) : screen(route.screen);
  const handle: RouteHandle = {
    auth: true,
    title: route.title,
    ...(route.icon ? { icon: route.icon } : {}),
    ...(route.securityKey ? { securityKey: route.securityKey } : {}),
    ...(route.access ? { access: route.access } : {}),
    ...(route.titleParam ? { titleParam: route.titleParam } : {}),
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

const signIn = screen('identity/sign-in-page');
const requestLink = screen('account/request-link-page');
const createPassword = screen('account/create-password-page');

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
      publicRoute(paths.loginCallback, { title: 'Signing in' }, screen('identity/login-callback-page')),
      publicRoute('/register/:token', { title: 'Create password' }, createPassword),
      publicRoute('/forgotpass/:token', { title: 'Reset password' }, createPassword),
      publicRoute('/verify-email/:token', { title: 'Confirm e-mail address' }, screen('profile/confirm-email-page')),
      // the beneficiary's Scope of Appointment signing page: public, its own small chunk
      // (docs/decisions/soa-and-ready-to-sell.md)
      publicRoute(
        '/soa/sign/:token',
        { title: 'Scope of Appointment', isForPublic: true },
        screen('soa/soa-sign-page'),
      ),
      publicRoute(paths.termsGate, { title: 'Terms of Service', isWide: true }, screen('terms/terms-gate-page')),
      publicRoute('*', { title: 'Page not found' }, screen('content/not-found-page')),
    ],
  },
];

const isStaffPath = (path: string) => path === '/staff' || path.startsWith('/staff/');

/**
 * The back office (docs/decisions/back-office.md) is its own route tree, outside the agents' root layout and guard:
 * React Router adds it the first time a /staff path is opened (its lazy route discovery), so the agents' entry holds
 * one dynamic import for it and nothing of its screens.
 */
async function addStaffRoutes({
  path,
  patch,
}: {
  path: string;
  patch: (id: string | null, routes: RouteObject[]) => void;
}) {
  if (!isStaffPath(path) || isStaffAdded) return;
  const { STAFF_ROUTES } = await import('./staff/staff-routes.tsx');
  if (isStaffAdded) return;
  isStaffAdded = true;
  patch(null, [
    {
      path: '/staff',
      errorElement: <RouteError isRoot />,
      HydrateFallback: () => <LoginLayout isLoading />,
      children: STAFF_ROUTES,
    },
  ]);
}
let isStaffAdded = false;

export const createRouter = () => createBrowserRouter(routes, { patchRoutesOnNavigation: addStaffRoutes });

import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { APP_ROUTES, EXTRA_ROUTES, flattenRoutes, type AppRoute } from './route-table.ts';
import { LoginLayout } from './shell/login-layout.tsx';
import { RootLayout, type RouteHandle } from './shell/root-layout.tsx';
import { RouteError } from './shell/route-error.tsx';

type ScreenModule = { default: React.ComponentType };

/** Screen modules by name; each loads only when its route is visited. Only this file imports features. */
const SCREENS: Record<string, () => Promise<ScreenModule>> = {
  dashboard: () => import('./features/dashboard/dashboard-page.tsx'),
  'coming-soon': () => import('./features/content/coming-soon-page.tsx'),
};

const lazyScreen = (load: () => Promise<ScreenModule>) => async () => ({ Component: (await load()).default });

function toRoute(route: AppRoute): RouteObject {
  const load = SCREENS[route.screen] ?? SCREENS['coming-soon']!;
  return {
    path: route.path,
    handle: { auth: true, title: route.title } satisfies RouteHandle & { title: string },
    lazy: lazyScreen(load),
  };
}

const signInScreen = lazyScreen(() => import('./features/identity/sign-in-page.tsx'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // shown while the first lazy route loads (avoids React Router's hydration warning)
    HydrateFallback: () => <LoginLayout isLoading />,
    children: [
      ...[...flattenRoutes(APP_ROUTES), ...EXTRA_ROUTES].map(toRoute),
      { path: paths.signIn, handle: { layout: 'login', name: 'login' }, lazy: signInScreen },
      { path: paths.signInForgot, handle: { layout: 'login', name: 'forgot' }, lazy: signInScreen },
      { path: paths.signInRegister, handle: { layout: 'login', name: 'register' }, lazy: signInScreen },
      {
        path: '/interaction/:uid',
        handle: { layout: 'login' },
        lazy: lazyScreen(() => import('./features/identity/interaction-page.tsx')),
      },
      {
        path: paths.loginCallback,
        handle: { layout: 'login' },
        lazy: lazyScreen(() => import('./features/identity/login-callback-page.tsx')),
      },
      {
        path: '/register/:token',
        handle: { layout: 'login' },
        lazy: lazyScreen(() => import('./features/identity/create-password-page.tsx')),
      },
      {
        path: '/forgotpass/:token',
        handle: { layout: 'login' },
        lazy: lazyScreen(() => import('./features/identity/create-password-page.tsx')),
      },
      {
        path: paths.tosGate,
        handle: { layout: 'login' },
        lazy: lazyScreen(() => import('./features/identity/tos-gate-page.tsx')),
      },
      {
        path: '*',
        handle: { layout: 'login' },
        lazy: lazyScreen(() => import('./features/content/not-found-page.tsx')),
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { rememberReturnTo, signOut, useSession } from '../auth/session.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { paths } from '../paths.ts';
import type { RouteHandle } from '../route-table.ts';
import { LoginLayout } from './login-layout.tsx';

// The signed-in shell (AppShell, menus, icons) loads only for signed-in agents: signed-out pages stay small.
const DefaultLayout = lazy(() => import('./default-layout.tsx').then((m) => ({ default: m.DefaultLayout })));

/**
 * The navigation guard: picks the layout (login layout while signed out), sends signed-out visitors of
 * agent pages to /sign-in, an agent with empty terms stamp to /tosgate, and signs out one with no status.
 */
export function RootLayout() {
  const session = useSession();
  const location = useLocation();
  const matches = useMatches();
  const handle = (matches.at(-1)?.handle ?? {}) as RouteHandle;
  const user = useCurrentUser();
  const agent = user.data;
  const hasNoStatus = agent !== undefined && !agent.status;

  useEffect(() => {
    if (hasNoStatus) void signOut();
  }, [hasNoStatus]);

  if (handle.layout === 'login')
    return (
      <LoginLayout>
        <Outlet />
      </LoginLayout>
    );
  if (session.status === 'loading') return <LoginLayout isLoading />;

  if (session.status === 'signedOut') {
    if (location.pathname === paths.home)
      return (
        <LoginLayout>
          <Outlet />
        </LoginLayout>
      );
    if (handle.auth) {
      rememberReturnTo(`${location.pathname}${location.search}`);
      return <Navigate to={paths.signIn} replace />;
    }
    return (
      <LoginLayout>
        <Outlet />
      </LoginLayout>
    );
  }

  if (agent && agent.tos && agent.tos.stamp === null) return <Navigate to={paths.tosGate} replace />;
  return (
    <Suspense fallback={<LoginLayout isLoading />}>
      <DefaultLayout user={agent}>
        <Outlet />
      </DefaultLayout>
    </Suspense>
  );
}

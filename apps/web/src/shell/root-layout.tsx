import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { DEVICE_LOCK_TITLE, useIsDeviceLocked } from '../auth/device-lock-guard.ts';
import { decideSession } from '../auth/guard.ts';
import { rememberReturnTo, useSession } from '../auth/session.ts';
import { PROVIDER_NAME } from '../config.ts';
import { paths } from '../paths.ts';
import { pageTitle, type RouteHandle } from '../route-table.ts';
import { LoginLayout } from './login-layout.tsx';

// The signed-in shell (user check, AppShell, menus, icons) loads only for signed-in agents, so the
// signed-out pages (sign-in above all) stay small.
const SignedInShell = lazy(() => import('./signed-in-shell.tsx'));
// the lock screen, only on a device handed to a beneficiary (auth/device-lock.ts)
const DeviceLockScreen = lazy(() => import('./device-lock-screen.tsx'));

/**
 * The root route: runs the navigation guard on every route and picks the layout. Signed out, agent pages
 * go to /sign-in (and come back after it), "/" shows the welcome; signed in, the agent is checked
 * (terms gate, status, security keys) by the signed-in shell, which also restores scrolling (ScrollRestoration).
 * While the device is handed to a beneficiary, every page but the signing page shows the lock screen instead.
 */
export function RootLayout() {
  const session = useSession();
  const isLocked = useIsDeviceLocked();
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const handle = (matches.at(-1)?.handle ?? {}) as RouteHandle;
  const decision = decideSession({
    handle,
    pathname: location.pathname,
    search: location.search,
    status: session.status,
    isLocked,
  });
  useDocumentTitle(decision.kind === 'locked' ? DEVICE_LOCK_TITLE : pageTitle(handle, matches.at(-1)?.params ?? {}));

  switch (decision.kind) {
    case 'locked':
      // handed to a beneficiary (auth/device-lock.ts): no page of the agent's, whatever the address
      return (
        <Suspense fallback={<LoginLayout isLoading />}>
          <LoginLayout>
            <DeviceLockScreen />
          </LoginLayout>
        </Suspense>
      );
    case 'login-layout':
      return (
        <LoginLayout isWide={handle.isWide} isForPublic={handle.isForPublic} isBusy={navigation.state !== 'idle'}>
          <Outlet />
        </LoginLayout>
      );
    case 'loading':
      return <LoginLayout isLoading />;
    case 'sign-in':
      rememberReturnTo(decision.returnTo);
      return <Navigate to={paths.signIn} replace />;
    case 'signed-in':
      return (
        <Suspense fallback={<LoginLayout isLoading />}>
          <SignedInShell handle={handle} />
        </Suspense>
      );
  }
}

function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · ${PROVIDER_NAME}` : PROVIDER_NAME;
  }, [title]);
}

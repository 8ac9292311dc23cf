import { staffPaths } from '@arc/contract';
import { Center, Loader } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { StaffEnrol } from './staff-enrol.tsx';
import { StaffHome } from './staff-home.tsx';
import { startStaffSignIn, finishStaffSignIn, restoreStaffSession, useStaffSession } from './staff-session.ts';
import { StaffShell } from './staff-shell.tsx';
import { StaffInteraction, StaffSignIn } from './staff-sign-in.tsx';

const Loading = () => (
  <Center mih="60vh">
    <Loader aria-label="Loading" />
  </Center>
);

/** The tree's pages by path (the router's matcher is not used: its `<Routes>` code would join the agents' bundles). */
function staffPage(pathname: string): ReactNode {
  const rest = pathname.replace(/^\/staff\/?/, '');
  const [first = '', second = ''] = rest.split('/').map((part) => decodeURIComponent(part));
  if (first === 'sign-in') return <StaffSignIn />;
  if (rest === 'login/callback') return <StaffLoginCallback />;
  if (first === 'interaction' && second) return <StaffInteraction uid={second} />;
  if (first === 'enrol' && second) return <StaffEnrol token={second} />;
  return <SignedInStaff isHome={rest === ''} />;
}

/**
 * The back office (`/staff/*`): one lazily loaded route tree of the web app (decision 084), with its own sign-in
 * and session; nothing of it is in the agents' bundles.
 */
export default function StaffApp() {
  return staffPage(useLocation().pathname);
}

function SignedInStaff({ isHome }: { isHome: boolean }) {
  const { status } = useStaffSession();
  useEffect(() => {
    void restoreStaffSession();
  }, []);
  if (status === 'loading') return <Loading />;
  if (status === 'signedOut') return <Navigate to={staffPaths.signIn} replace />;
  if (!isHome) return <Navigate to={staffPaths.home} replace />;
  return (
    <StaffShell>
      <StaffHome />
    </StaffShell>
  );
}

function StaffLoginCallback() {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    finishStaffSignIn().then(
      () => navigate(staffPaths.home, { replace: true }),
      () => setFailed(true),
    );
  }, [navigate]);
  useEffect(() => {
    if (failed) void startStaffSignIn();
  }, [failed]);
  return <Loading />;
}

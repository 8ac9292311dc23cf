import { staffPaths } from '@arc/contract';
import { Alert, Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { currentStaffQuery } from '../api/staff-current.ts';
import { restoreStaffSession, useStaffSession } from '../auth/staff-session.ts';
import { areaOf } from './staff-areas.ts';
import { StaffShell } from './staff-shell.tsx';

/**
 * Every signed-in back-office page (docs/decisions/back-office.md): restores the staff session or sends to the staff
 * sign-in, then shows the page in the back office's frame if the staff member's role may open its area (the server
 * checks the role of every call as well, docs/decisions/route-access.md).
 */
export default function StaffLayout() {
  const { status } = useStaffSession();
  useEffect(() => {
    void restoreStaffSession();
  }, []);
  if (status === 'loading') {
    return (
      <Center mih="60vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (status === 'signedOut') return <Navigate to={staffPaths.signIn} replace />;
  return (
    <StaffShell>
      <RoleGate />
    </StaffShell>
  );
}

function RoleGate() {
  const { pathname } = useLocation();
  const me = useQuery(currentStaffQuery());
  if (!me.data) return <Loader aria-label="Loading" />;
  const area = areaOf(pathname);
  if (area && !area.roles.includes(me.data.role)) {
    return (
      <Alert color="orange" title="Not available to your role" maw={720}>
        Your role does not open {area.label}. Ask an administrator if you need it.
      </Alert>
    );
  }
  return <Outlet />;
}

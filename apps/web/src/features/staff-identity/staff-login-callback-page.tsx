import { staffPaths } from '@arc/contract';
import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { finishStaffSignIn, startStaffSignIn } from '../../auth/staff-session.ts';

/** `/staff/login/callback`: completes the staff client's sign-in, or starts it again when the answer is stale. */
export default function StaffLoginCallback() {
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
  return (
    <Center mih="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

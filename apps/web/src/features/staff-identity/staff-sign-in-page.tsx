import { Alert, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { startStaffSignIn } from '../../auth/staff-session.ts';
import { StaffCard } from './staff-card.tsx';

/** `/staff/sign-in`: starts the staff client's authorization (a fresh sign-in every time). */
export default function StaffSignIn() {
  const [error, setError] = useState<string | null>(null);
  const signIn = () => startStaffSignIn().catch(() => setError('The sign-in could not start. Try again.'));
  return (
    <StaffCard title="Staff sign-in">
      <Text>Sign in with your staff e-mail, your password and the code of your authenticator app.</Text>
      {error && <Alert color="red">{error}</Alert>}
      <Button onClick={() => void signIn()}>Sign in</Button>
    </StaffCard>
  );
}

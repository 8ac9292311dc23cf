import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../api/api-error.ts';
import { completeSignIn } from '../../auth/session.ts';
import { paths } from '../../paths.ts';

/** /login/callback: exchanges the code (PKCE) for tokens, then goes where the agent was headed. */
export default function LoginCallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeSignIn()
      .then((returnTo) => navigate(returnTo, { replace: true }))
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [navigate]);

  if (error) {
    return (
      <Stack>
        <Alert color="red" title="Sign-in could not be completed">
          {error}
        </Alert>
        <Button component={Link} to={paths.signIn} reloadDocument>
          Sign in again
        </Button>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label="Signing you in" />
    </Center>
  );
}

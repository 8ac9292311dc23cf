import { MESSAGES } from '@arc/contract/messages';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { signIn, takeSignInPaused } from '../../auth/session.ts';

/**
 * /sign-in starts the code + PKCE redirect to the provider, whose sign-in form is /interaction/:uid.
 * Its links lead to /sign-in/forgot and /sign-in/register (the account feature's NPN forms). This page
 * brings neither the API client nor the contract's schemas, so the first load stays small.
 */
export default function SignInPage() {
  return <StartSignIn />;
}

function Busy({ text }: { text?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader aria-label={text ?? 'Loading'} />
        {text && (
          <Text c="dimmed" size="sm">
            {text}
          </Text>
        )}
      </Stack>
    </Center>
  );
}

function StartSignIn() {
  // after a sign-in loop was stopped, ask before starting again
  const [isPaused, setPaused] = useState(takeSignInPaused);
  const [error, setError] = useState<string | null>(null);
  const start = useCallback(() => {
    setPaused(false);
    setError(null);
    signIn().catch(() => setError('The sign-in service could not be reached. Check your connection and try again.'));
  }, []);
  useEffect(() => {
    if (!isPaused) start();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  if (isPaused || error) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Sign in
        </Title>
        <Alert color={error ? 'red' : 'orange'} role="alert" title={error ? 'Sign-in is not available' : undefined}>
          {error ?? MESSAGES.sessionExpired}
        </Alert>
        <Button onClick={start} fullWidth>
          Sign In
        </Button>
      </Stack>
    );
  }
  return <Busy text="Taking you to sign in…" />;
}

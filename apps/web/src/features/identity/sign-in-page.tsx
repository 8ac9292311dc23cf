import { MESSAGES } from '@arc/contract/messages';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import { signIn, takeSignInPaused } from '../../auth/session.ts';
import type { RouteHandle, SignInAction } from '../../route-table.ts';

// The NPN forms bring the API client and the contract's schemas; the login action needs neither.
const NpnForm = lazy(() => import('./npn-form.tsx'));

/**
 * /sign-in: the action comes from the route's meta name — login (/sign-in) starts the code + PKCE
 * redirect to the provider, whose sign-in form is /interaction/:uid; forgot (/sign-in/forgot) and
 * register (/sign-in/register) ask for the NPN. Links switch between them.
 */
export default function SignInPage() {
  const matches = useMatches();
  const action: SignInAction = (matches.at(-1)?.handle as RouteHandle | undefined)?.name ?? 'login';
  if (action === 'login') return <StartSignIn />;
  return (
    <Suspense fallback={<Busy />}>
      <NpnForm key={action} action={action} />
    </Suspense>
  );
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

import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { unlockDevice } from '../../auth/device-lock.ts';
import { setSession, SIGNED_OUT } from '../../auth/session-store.ts';
import { completeSignIn, hasStoredSession, restoreSession } from '../../auth/session.ts';
import { paths } from '../../paths.ts';

/** What an agent sees instead of the library's own text ("No matching state found in storage" and the like). */
export const CALLBACK_FAILED = {
  title: 'We could not finish signing you in',
  text: 'This sign-in was already completed or has expired. Please sign in again.',
  action: 'Sign in again',
} as const;

/**
 * /login/callback: exchanges the code (PKCE) for tokens, then goes where the agent was headed. Opened any other
 * way (directly, from the history, with a stale or made-up state), a signed-in agent goes home and anyone else
 * gets a plain message and a way on.
 */
export default function LoginCallbackPage() {
  const navigate = useNavigate();
  const [hasFailed, setFailed] = useState(false);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeSignIn()
      .then((returnTo) => {
        // a completed sign-in lifts a device lock (auth/device-lock.ts): it was started with prompt=login
        // (auth/session.ts signIn) after the provider session had ended (auth/hand-over.ts)
        unlockDevice();
        return navigate(returnTo, { replace: true });
      })
      .catch(async () => {
        if (hasStoredSession()) {
          // already signed in (say, Back or Forward onto this page after signing in): carry on at home
          await restoreSession();
          void navigate(paths.home, { replace: true });
          return;
        }
        setSession(SIGNED_OUT);
        setFailed(true);
      });
  }, [navigate]);

  if (hasFailed) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Sign in
        </Title>
        <Alert color="orange" role="alert" title={CALLBACK_FAILED.title}>
          {CALLBACK_FAILED.text}
        </Alert>
        {/* a full page load: /sign-in starts a fresh sign-in at the provider */}
        <Button component={Link} to={paths.signIn} reloadDocument replace fullWidth>
          {CALLBACK_FAILED.action}
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

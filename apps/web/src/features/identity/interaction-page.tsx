import { LoginRequestSchema } from '@arc/contract';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { identityQueries, useSubmitLogin } from '../../api/identity.ts';
import { markLeavingSignInForm, useSession } from '../../auth/session.ts';
import { paths } from '../../paths.ts';

/** The sign-in session at the provider is gone (410): the only way on is to start again. */
const isExpired = (error: unknown) => error instanceof ApiError && error.status === 410;

/**
 * /interaction/:uid: the provider's sign-in step, rendered by the app — username or NPN and password.
 * Wrong credentials, a locked account or an expired sign-in show the server's message inline; on success
 * the browser goes where the provider says (and on to /login/callback). A finished or stale interaction
 * reached while signed in (Back right after signing in or accepting the terms) goes home instead.
 */
export default function InteractionPage({ uid }: { uid: string }) {
  const session = useSession();
  const details = useQuery(identityQueries.interaction(uid));
  const login = useSubmitLogin(uid);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(LoginRequestSchema, { sync: true }),
  });

  const isDone = session.status === 'signedIn' && (details.isError || isExpired(login.error));
  useEffect(() => {
    if (isDone) window.location.replace(paths.home);
  }, [isDone]);
  if (isDone || details.isPending || (details.isError && session.status === 'loading')) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (details.isError || isExpired(login.error)) {
    return <StartAgain message={errorMessage(details.error ?? login.error)} />;
  }

  const onSubmit = form.onSubmit(
    (values) =>
      login.mutate(LoginRequestSchema.parse(values), {
        onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
      }),
    // the fields say what is wrong now; an alert from an earlier attempt would only confuse
    () => login.reset(),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="sign-in-title">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3" id="sign-in-title">
            Sign in
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Welcome back. Sign in with your username or your NPN.
          </Text>
        </div>
        {login.isError && (
          <Alert color="red" role="alert" icon={<AlertCircleIcon />}>
            {errorMessage(login.error)}
          </Alert>
        )}
        <TextInput
          label="Username or NPN"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          data-autofocus
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending || login.isSuccess} fullWidth size="md">
          Sign In
        </Button>
        <Group justify="space-between">
          {/* the NPN forms' Back to login returns to this very sign-in (see npn-form.tsx) */}
          <Anchor href={paths.signInRegister} onClick={markLeavingSignInForm} size="sm">
            Register
          </Anchor>
          <Anchor href={paths.signInForgot} onClick={markLeavingSignInForm} size="sm">
            Forgot Password
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

function StartAgain({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Sign in
      </Title>
      <Alert color="orange" role="alert" title="This sign-in has expired">
        {message}
      </Alert>
      {/* a full page load: /sign-in starts a fresh sign-in at the provider */}
      <Button component="a" href={paths.signIn} fullWidth>
        Start again
      </Button>
    </Stack>
  );
}

/** Tabler's alert-circle, drawn here: the icon library's component factory is not on the sign-in flow otherwise. */
function AlertCircleIcon() {
  return (
    <svg
      aria-hidden="true"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0" />
      <path d="M12 8v4" />
      <path d="M12 16h.01" />
    </svg>
  );
}

import { signInBody, validateSignIn, type SignInValues } from '@arc/contract/sign-in-form';
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
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/api-error.ts';
import { identityQueries, useSubmitLogin } from '../../api/identity.ts';
import { useSession } from '../../auth/session.ts';
import { paths } from '../../paths.ts';

/** The sign-in session at the provider is gone (410): the only way on is to start again. */
const isExpired = (error: unknown) => error instanceof ApiError && error.status === 410;

/**
 * /interaction/:uid: the provider's sign-in step, rendered by the app — username or NPN and password.
 * Wrong credentials, a locked account or an expired sign-in show the server's message inline; on success
 * the browser goes where the provider says (and on to /login/callback). A finished or stale interaction
 * reached while signed in (Back right after signing in or accepting the terms) goes home instead.
 */
export default function InteractionPage() {
  const { uid = '' } = useParams();
  const session = useSession();
  const details = useQuery(identityQueries.interaction(uid));
  const login = useSubmitLogin(uid);
  // two fields, checked by the contract's sign-in rules without zod (the same as LoginRequestSchema, which the
  // server validates with); plain state rather than a form library keeps the sign-in path small
  const [values, setValues] = useState<SignInValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof SignInValues, string>>>({});
  const field = (name: keyof SignInValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      // as a form library does: a field's message goes once the field changes
      setErrors(({ [name]: _dropped, ...rest }) => rest);
    },
  });

  if (session.status === 'signedIn' && (details.isError || isExpired(login.error))) {
    return <Navigate to={paths.home} replace />;
  }
  if (details.isPending || (details.isError && session.status === 'loading')) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (details.isError || isExpired(login.error)) {
    return <StartAgain message={errorMessage(details.error ?? login.error)} />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignIn(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // the fields say what is wrong now; an alert from an earlier attempt would only confuse
      login.reset();
      return;
    }
    login.mutate(signInBody(values), { onSuccess: ({ redirectTo }) => window.location.assign(redirectTo) });
  };

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
          {...field('username')}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <Button type="submit" loading={login.isPending || login.isSuccess} fullWidth size="md">
          Sign In
        </Button>
        <Group justify="space-between">
          {/* the NPN forms' Back to login returns to this very sign-in (see npn-form.tsx) */}
          <Anchor component={Link} to={paths.signInRegister} state={{ fromInteraction: true }} size="sm">
            Register
          </Anchor>
          <Anchor component={Link} to={paths.signInForgot} state={{ fromInteraction: true }} size="sm">
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
      <Button component={Link} to={paths.signIn} reloadDocument fullWidth>
        Start again
      </Button>
    </Stack>
  );
}

/**
 * Tabler's alert-circle, drawn here: the icon library's component factory would be 0.7 KB of the sign-in flow's
 * budget for this one icon (apps/web/README.md, "Budget").
 */
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

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
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { identityQueries, useSubmitLogin } from '../../api/identity.ts';
import { paths } from '../../paths.ts';

/** The sign-in session at the provider is gone (410): the only way on is to start again. */
const isExpired = (error: unknown) => error instanceof ApiError && error.status === 410;

/**
 * /interaction/:uid: the provider's sign-in step, rendered by the app — username or NPN and password.
 * Wrong credentials, a locked account or an expired sign-in show the server's message inline; on success
 * the browser goes where the provider says (and on to /login/callback).
 */
export default function InteractionPage() {
  const { uid = '' } = useParams();
  const details = useQuery(identityQueries.interaction(uid));
  const login = useSubmitLogin(uid);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  if (details.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (details.isError || isExpired(login.error)) {
    return <StartAgain message={errorMessage(details.error ?? login.error)} />;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = LoginRequestSchema.safeParse({ username, password });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, { onSuccess: ({ redirectTo }) => window.location.assign(redirectTo) });
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
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
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
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={fieldErrors.username}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" loading={login.isPending || login.isSuccess} fullWidth size="md">
          Sign In
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to={paths.signInRegister} size="sm">
            Register
          </Anchor>
          <Anchor component={Link} to={paths.signInForgot} size="sm">
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

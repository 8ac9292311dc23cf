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
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { identityQueries, useSubmitLogin } from '../../api/identity.ts';
import { paths } from '../../paths.ts';

/** The provider's sign-in interaction, rendered by the app: username or NPN and password. */
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
  if (details.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Sign in
        </Title>
        <Alert color="orange" title="Please start again">
          {errorMessage(details.error)}
        </Alert>
        <Button component={Link} to={paths.signIn} reloadDocument>
          Sign in again
        </Button>
      </Stack>
    );
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
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            Sign in
          </Title>
          <Text size="sm" c="dimmed">
            Welcome back. Sign in with your username or your NPN.
          </Text>
        </div>
        {login.isError && (
          <Alert color="red" role="alert" title="Sign-in failed">
            {errorMessage(login.error)}
          </Alert>
        )}
        <TextInput
          label="Username or NPN"
          name="username"
          autoComplete="username"
          required
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
        <Button type="submit" loading={login.isPending || login.isSuccess} fullWidth>
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

import { MESSAGES, NpnSchema } from '@arc/contract';
import { Alert, Anchor, Button, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useMatches } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useRequestAccountLink } from '../../api/identity.ts';
import { track } from '../../api/telemetry.ts';
import { signIn } from '../../auth/session.ts';
import { paths } from '../../paths.ts';
import type { RouteHandle, SignInAction } from '../../route-table.ts';

/** /sign-in: login starts the code + PKCE redirect; forgot and register ask for the NPN. */
export default function SignInPage() {
  const matches = useMatches();
  const action: SignInAction = (matches.at(-1)?.handle as RouteHandle | undefined)?.name ?? 'login';
  if (action === 'login') return <StartSignIn />;
  return <NpnForm key={action} action={action} />;
}

function StartSignIn() {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    signIn().catch((err: unknown) => setError(errorMessage(err)));
  }, []);
  if (error) {
    return (
      <Stack>
        <Alert color="red" title="Sign-in is not available">
          {error}
        </Alert>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Stack align="center" gap="sm">
        <Loader aria-label="Loading" />
        <Text c="dimmed" size="sm">
          Taking you to sign in…
        </Text>
      </Stack>
    </Center>
  );
}

export function NpnForm({ action }: { action: 'forgot' | 'register' }) {
  const [npn, setNpn] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useRequestAccountLink();
  const title = action === 'forgot' ? 'Forgot Password' : 'Sign Up';
  const intro =
    action === 'forgot'
      ? 'Enter your National Producer Number (NPN) and we will e-mail you a link to reset your password.'
      : 'Enter your National Producer Number (NPN) and we will e-mail you a link to create your password.';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = NpnSchema.safeParse(npn);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'NPN is required');
      return;
    }
    setFieldError(null);
    request.mutate(
      { action, npn: parsed.data },
      {
        onError: (err) =>
          track(action === 'forgot' ? 'forgot_password_failed' : 'register_failed', {
            status: err instanceof ApiError ? err.status : 0,
            message: errorMessage(err),
          }),
      },
    );
  };

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Alert color="teal" icon={<IconCircleCheck aria-hidden="true" />} title="Check your e-mail">
          {action === 'forgot' ? MESSAGES.forgotSuccess : MESSAGES.registerSuccess}
        </Alert>
        <Anchor component={Link} to={paths.signIn}>
          Back to login
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {request.isError && (
          <Alert color="red" title="Error" role="alert">
            {errorMessage(request.error)}
          </Alert>
        )}
        <TextInput
          label="NPN"
          name="npn"
          inputMode="numeric"
          autoComplete="username"
          required
          value={npn}
          onChange={(event) => setNpn(event.currentTarget.value)}
          error={fieldError}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Submit
        </Button>
        <Anchor component={Link} to={paths.signIn} ta="center" size="sm">
          Back to login
        </Anchor>
      </Stack>
    </form>
  );
}

import { MESSAGES, passesPasswordRules } from '@arc/contract';
import { Alert, Anchor, Button, Center, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { identityQueries, useCreatePassword } from '../../api/identity.ts';
import { paths } from '../../paths.ts';
import { PasswordChecklist } from './password-checklist.tsx';

/** /register/:token and /forgotpass/:token: choose a password with the e-mailed single-use link. */
export default function CreatePasswordPage() {
  const { token = '' } = useParams();
  const link = useQuery(identityQueries.passwordLink(token));
  const create = useCreatePassword(token);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (link.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Checking your link" />
      </Center>
    );
  }
  const isExpired =
    (link.isError && link.error instanceof ApiError && link.error.status === 410) ||
    (create.error instanceof ApiError && create.error.status === 410);
  if (isExpired || link.isError)
    return <ExpiredLink message={isExpired ? MESSAGES.linkExpired : errorMessage(link.error)} />;

  if (create.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Password created
        </Title>
        <Alert color="teal" icon={<IconCircleCheck aria-hidden="true" />} title="All set">
          Your password was created. Sign in with your username <strong>{create.data.username}</strong> or your NPN.
        </Alert>
        <Button component={Link} to={paths.signIn}>
          Sign in
        </Button>
      </Stack>
    );
  }

  const canSubmit = passesPasswordRules(password, confirmation);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) create.mutate(password);
  };
  const isRegister = link.data.purpose === 'register';

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {isRegister ? 'Create your password' : 'Reset your password'}
          </Title>
          <Text size="sm" c="dimmed">
            For {link.data.username}. The link works once and expires after 24 hours.
          </Text>
        </div>
        {create.isError && (
          <Alert color="red" role="alert" title="Error">
            {errorMessage(create.error)}
          </Alert>
        )}
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
        />
        <PasswordChecklist password={password} confirmation={confirmation} />
        <Button type="submit" disabled={!canSubmit} loading={create.isPending} fullWidth>
          Create Password
        </Button>
      </Stack>
    </form>
  );
}

export function ExpiredLink({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Link expired
      </Title>
      <Alert color="orange" title={message}>
        Ask for a new link below.
      </Alert>
      <Group justify="space-between">
        <Anchor component={Link} to={paths.signIn}>
          Back to login
        </Anchor>
        <Anchor component={Link} to={paths.signInRegister}>
          Register
        </Anchor>
        <Anchor component={Link} to={paths.signInForgot}>
          Forgot Password
        </Anchor>
      </Group>
    </Stack>
  );
}

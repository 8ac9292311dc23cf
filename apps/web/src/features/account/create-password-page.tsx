import { checkPassword, CreatePasswordRequestSchema, MESSAGES, passesPasswordRules } from '@arc/contract';
import { Alert, Anchor, Button, Center, Group, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconClockX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { accountQueries, useCreatePassword, usePasswordPolicyCriteria } from '../../api/account.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { Outcome } from '../../ui/outcome.tsx';
import { PasswordChecklist } from '../../ui/password-checklist.tsx';

const isGone = (error: unknown) => error instanceof ApiError && error.status === 410;

/**
 * /register/:token and /forgotpass/:token: choose a password with the e-mailed single-use link (its token is
 * the bearer). New Password and Confirm Password with the live checklist; Submit only when every rule passes.
 * One request per link: a second click while the first is on its way sends nothing, and once the password is
 * set the screen says so, whatever happens after (the used link would answer "expired" to anything else).
 */
export default function CreatePasswordPage() {
  const { token = '' } = useParams();
  const link = useQuery(accountQueries.passwordLink(token));
  const create = useCreatePassword(token);
  const isSubmitting = useRef(false);
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  // the contract's request schema checks the password field (its maximum length, as the server does)
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmation: '' },
    validate: schemaResolver(CreatePasswordRequestSchema, { sync: true }),
    validateInputOnChange: ['password'],
  });
  const { password, confirmation } = form.getValues();
  const policy = usePasswordPolicyCriteria(password, [link.data?.username, link.data?.npn]);

  if (createdFor !== null) {
    return <PasswordCreated username={createdFor} isReset={link.data?.purpose === 'forgot'} />;
  }

  if (link.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Checking your link" />
      </Center>
    );
  }
  if (isGone(link.error) || isGone(create.error)) return <ExpiredLink />;
  if (link.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Create your password
        </Title>
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
          {errorMessage(link.error)}
        </Alert>
        <Button onClick={() => void link.refetch()} loading={link.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  }

  const canSubmit = passesPasswordRules(password, confirmation) && policy.every((rule) => rule.ok);
  const onSubmit = form.onSubmit((values) => {
    if (isSubmitting.current || !canSubmit || !passesPasswordRules(values.password, values.confirmation)) return;
    isSubmitting.current = true;
    create.mutate(values.password, {
      onSuccess: ({ username }) => setCreatedFor(username),
      onError: () => {
        isSubmitting.current = false;
      },
    });
  });
  const isRegister = link.data.purpose === 'register';

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {isRegister ? 'Create your password' : 'Reset your password'}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            For <strong>{link.data.username}</strong>. This link works once and expires 24 hours after it was sent.
          </Text>
        </div>
        {create.isError && (
          <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
            {errorMessage(create.error)}
          </Alert>
        )}
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          required
          data-autofocus
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirmation')}
        />
        <PasswordChecklist criteria={[...checkPassword(password, confirmation), ...policy]} />
        <Button type="submit" disabled={!canSubmit} loading={create.isPending} fullWidth size="md">
          Create Password
        </Button>
      </Stack>
    </form>
  );
}

function PasswordCreated({ username, isReset }: { username: string; isReset: boolean }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {isReset ? 'Password reset' : 'Password created'}
      </Title>
      <Alert color="teal" icon={<IconCircleCheck aria-hidden="true" />} title="All set" role="status">
        {isReset ? 'Your password was reset.' : 'Your password was created.'} Sign in with your username{' '}
        <strong>{username}</strong> or your NPN.
      </Alert>
      <Button component={Link} to={paths.signIn} size="md">
        Sign in
      </Button>
    </Stack>
  );
}

/** A used, unknown or expired link: the spec's message and the ways on, all through /sign-in. */
export function ExpiredLink() {
  return (
    <Outcome
      icon={<IconClockX size={28} aria-hidden="true" />}
      color="orange"
      title={MESSAGES.linkExpired}
      action={{ label: 'Back to login', to: paths.signIn }}
      footer={
        <Group justify="center" gap="lg">
          <Anchor component={Link} to={paths.signInRegister} size="sm">
            Register
          </Anchor>
          <Anchor component={Link} to={paths.signInForgot} size="sm">
            Forgot Password
          </Anchor>
        </Group>
      }
    >
      Links from our e-mails work once and for 24 hours. Ask for a new one, or sign in if you already set your password.
    </Outcome>
  );
}

import { MESSAGES, RegisterAccountRequestSchema } from '@arc/contract';
import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { useRequestAccountLink } from '../../api/account.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { track } from '../../api/telemetry.ts';
import { takeLeftSignInForm } from '../../auth/session.ts';
import { paths } from '../../paths.ts';

export interface NpnFormProps {
  action: 'forgot' | 'register';
}

const TEXT = {
  forgot: {
    title: 'Forgot Password',
    intro: 'Enter your National Producer Number (NPN). We will e-mail you a link to reset your password.',
    success: MESSAGES.forgotSuccess,
    event: 'forgot_password_failed',
  },
  register: {
    title: 'Sign Up',
    intro: 'Enter your National Producer Number (NPN). We will e-mail you a link to create your password.',
    success: MESSAGES.registerSuccess,
    event: 'register_failed',
  },
} as const;

/** The NPN field of both requests (register and forgot share it), from the contract. */
const NpnFormSchema = z.pick(RegisterAccountRequestSchema, { agentNum: true });

/**
 * Back to login: from the sign-in form (the usual way here) it goes back to that same sign-in, so the history
 * holds no extra sign-in pages to get stuck in; opened directly, it starts a sign-in in place of this page.
 */
function useBackToLogin() {
  const navigate = useNavigate();
  const [isFromInteraction] = useState(takeLeftSignInForm);
  return (event: MouseEvent) => {
    if (!isFromInteraction) return;
    event.preventDefault();
    void navigate(-1);
  };
}

/**
 * The Forgot Password and Sign Up forms: NPN, Submit, Back to login. The answer is the same whether or
 * not the NPN belongs to an agent; an error (status 400 or more) shows the server's message in an Error dialog
 * and is recorded.
 */
export default function NpnForm({ action }: NpnFormProps) {
  const text = TEXT[action];
  const request = useRequestAccountLink();
  const onBackToLogin = useBackToLogin();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { agentNum: '' },
    validate: schemaResolver(NpnFormSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) =>
    request.mutate(
      { action, npn: NpnFormSchema.parse(values).agentNum },
      {
        onError: (err) =>
          track(text.event, { status: err instanceof ApiError ? err.status : 0, message: errorMessage(err) }),
      },
    ),
  );

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {text.title}
        </Title>
        <Alert color="teal" icon={<IconCircleCheck aria-hidden="true" />} title="Check your e-mail" role="status">
          {text.success}
        </Alert>
        <Button component={Link} to={paths.signIn} replace onClick={onBackToLogin} variant="default" fullWidth>
          Back to login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {text.title}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {text.intro}
          </Text>
        </div>
        <TextInput
          label="NPN"
          name="npn"
          inputMode="numeric"
          autoComplete="username"
          required
          data-autofocus
          key={form.key('agentNum')}
          {...form.getInputProps('agentNum')}
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Submit
        </Button>
        <Anchor component={Link} to={paths.signIn} replace onClick={onBackToLogin} ta="center" size="sm">
          Back to login
        </Anchor>
      </Stack>
      {/* spec: register/forgot failure is an Error dialog with the server's message */}
      <Modal
        opened={request.isError}
        onClose={() => request.reset()}
        title="Error"
        centered
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        <Stack>
          <Text>{errorMessage(request.error)}</Text>
          <Group justify="flex-end">
            <Button onClick={() => request.reset()}>Close</Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}

import { MESSAGES, NpnSchema } from '@arc/contract';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useRequestAccountLink } from '../../api/account.ts';
import { ApiError, errorMessage } from '../../api/client.ts';
import { track } from '../../api/telemetry.ts';
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

/**
 * The Forgot Password and Sign Up forms: NPN, Submit, Back to login. The answer is the same whether or
 * not the NPN belongs to an agent; an error (status 400 or more) shows the server's message and is recorded.
 */
export default function NpnForm({ action }: NpnFormProps) {
  const text = TEXT[action];
  const [npn, setNpn] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useRequestAccountLink();

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
          track(text.event, { status: err instanceof ApiError ? err.status : 0, message: errorMessage(err) }),
      },
    );
  };

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {text.title}
        </Title>
        <Alert color="teal" icon={<IconCircleCheck aria-hidden="true" />} title="Check your e-mail" role="status">
          {text.success}
        </Alert>
        <Button component={Link} to={paths.signIn} variant="default" fullWidth>
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
        {request.isError && (
          <Alert color="red" title="Error" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {errorMessage(request.error)}
          </Alert>
        )}
        <TextInput
          label="NPN"
          name="npn"
          inputMode="numeric"
          autoComplete="username"
          required
          data-autofocus
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

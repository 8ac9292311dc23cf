import { MESSAGES, PROFILE_MESSAGES } from '@arc/contract';
import { Alert, Button, Center, Loader, Stack, Title } from '@mantine/core';
import { IconAlertCircle, IconClockX, IconMailCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useConfirmEmailChange } from '../../api/profile-updates.ts';
import { paths } from '../../paths.ts';
import { Outcome } from '../../ui/outcome.tsx';

/**
 * /verify-email/:token, the link e-mailed to a new address: opening it applies the change, once. The same page
 * opens the undo link sent to the old address afterwards, which restores it. A used, superseded or expired link
 * says so, with the way to ask for a new one.
 */
export default function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const confirm = useConfirmEmailChange(token);
  const isSent = useRef(false);

  useEffect(() => {
    // once per page, even when React runs the effect twice
    if (isSent.current) return;
    isSent.current = true;
    confirm.mutate();
  }, [confirm]);

  if (confirm.isSuccess && confirm.data.restored) {
    // the undo link sent to the old address: it is back, and every session (this browser's too) has ended
    return (
      <Outcome
        icon={<IconMailCheck size={28} aria-hidden="true" />}
        color="teal"
        title={PROFILE_MESSAGES.emailRestored}
        action={{ label: 'Sign In', to: paths.signIn }}
      >
        We write to <strong>{confirm.data.email}</strong> again, and everyone was signed out of your account. Sign in,
        and if you did not change the address yourself, reset your password.
      </Outcome>
    );
  }
  if (confirm.isSuccess) {
    return (
      <Outcome
        icon={<IconMailCheck size={28} aria-hidden="true" />}
        color="teal"
        title={PROFILE_MESSAGES.emailChanged}
        action={{ label: 'Go to My Profile', to: paths.profile }}
      >
        From now on we write to <strong>{confirm.data.email}</strong>.
      </Outcome>
    );
  }
  if (confirm.error instanceof ApiError && confirm.error.status === 410) {
    return (
      <Outcome
        icon={<IconClockX size={28} aria-hidden="true" />}
        color="orange"
        title={MESSAGES.linkExpired}
        action={{ label: 'Go to My Profile', to: paths.profile }}
      >
        A link to confirm an e-mail address works once and for 24 hours, and only the newest one you asked for. Ask for
        a new one with Update Email Address on My Profile.
      </Outcome>
    );
  }
  if (confirm.isError) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          Confirm your e-mail address
        </Title>
        <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
          {errorMessage(confirm.error)}
        </Alert>
        <Button onClick={() => confirm.mutate()}>Try again</Button>
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label="Confirming your e-mail address" />
    </Center>
  );
}

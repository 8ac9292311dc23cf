import { Alert, Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { DEVICE_LOCK_TITLE } from '../auth/device-lock-guard.ts';
import { useDeviceLock } from '../auth/device-lock.ts';
import { signIn } from '../auth/session.ts';
import { paths } from '../paths.ts';

const DEVICE_LOCK_TEXT = {
  title: DEVICE_LOCK_TITLE,
  body: 'This device was handed to a beneficiary to sign a Scope of Appointment. Your pages stay locked until you sign in again with your password.',
  unlock: 'Sign in to unlock',
  notOpened: 'The signing page did not open?',
  openAgain: 'Open the signing page',
  failed: 'The sign-in service could not be reached. Check your connection and try again.',
} as const;

/**
 * What every agent page shows while the device is handed over (auth/device-lock.ts): nothing of the agent's, only
 * the way back in, a fresh sign-in with their password, and the signing page for the beneficiary. Shown by the
 * app's root layout and by sign-in.html's /sign-in (where the hand-over's Log Out lands), so it needs no router;
 * loaded only when a device is locked (React.lazy, hence the default export).
 */
export default function DeviceLockScreen() {
  const lock = useDeviceLock();
  const [error, setError] = useState<string | null>(null);
  const unlock = () => {
    setError(null);
    // back to the page the agent is on; from /sign-in, to the one remembered when the device was handed over
    const { pathname, search } = window.location;
    signIn(pathname === paths.signIn ? undefined : `${pathname}${search}`).catch(() =>
      setError(DEVICE_LOCK_TEXT.failed),
    );
  };
  return (
    <Stack gap="md">
      <Center>
        <IconLock size={48} stroke={1.5} color="var(--mantine-color-blue-7)" aria-hidden="true" />
      </Center>
      <Title order={1} size="h3" ta="center">
        {DEVICE_LOCK_TEXT.title}
      </Title>
      <Text>{DEVICE_LOCK_TEXT.body}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Button onClick={unlock} fullWidth leftSection={<IconLock size={18} aria-hidden="true" />}>
        {DEVICE_LOCK_TEXT.unlock}
      </Button>
      {lock?.signingPath && (
        <Text size="sm" ta="center">
          {DEVICE_LOCK_TEXT.notOpened}{' '}
          <Anchor href={lock.signingPath} target="_blank" rel="noopener noreferrer" underline="always">
            {DEVICE_LOCK_TEXT.openAgain}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

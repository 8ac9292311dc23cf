import { Button, Center, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconLock } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { saveTimeZone } from '../../api/profile-updates.ts';
import { useCurrentAgent } from '../../auth/use-current-agent.ts';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { AvatarPanel } from './avatar-panel.tsx';
import { EmailForm } from './email-form.tsx';

// opened with Change Password: loaded then, not with the profile (docs/decisions/web-loading-and-budget.md)
const ChangePasswordModal = lazy(() =>
  import('./change-password-modal.tsx').then((m) => ({ default: m.ChangePasswordModal })),
);

// opened with Notification e-mails, likewise
const NotificationEmailsModal = lazy(() =>
  import('./notification-emails-form.tsx').then((m) => ({ default: m.NotificationEmailsModal })),
);

// the time zone setting and its list, likewise loaded after the page
const TimeZoneSelect = lazy(() => import('../../ui/time-zone-select.tsx').then((m) => ({ default: m.TimeZoneSelect })));

type Dialog = { title: string; message: string } | null;

/**
 * /profile: the avatar panel, the account settings (username, e-mail, Change Password), then the agent's contracts
 * (handed in by the router, which composes the contracts feature here: features do not import each other).
 */
export default function ProfilePage({ contracts }: { contracts?: ReactNode }) {
  const currentAgent = useCurrentAgent();
  const [isPasswordOpen, setPasswordOpen] = useState(false);
  const [hasPasswordDialog, setHasPasswordDialog] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [isEmailsOpen, setEmailsOpen] = useState(false);
  const [hasEmailsDialog, setHasEmailsDialog] = useState(false);

  if (!currentAgent.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your profile" />
      </Center>
    );
  }
  const agent = currentAgent.data;

  return (
    <Stack gap="lg">
      <Title order={1}>My Profile</Title>
      <Grid gap="lg">
        {/* wide enough for the cropper's 300 px box inside the card beside the side menu (1024 px and up) */}
        <Grid.Col span={{ base: 12, md: 6, lg: 5 }}>
          <AvatarPanel agent={agent} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6, lg: 7 }}>
          <Paper p="lg" withBorder>
            <Stack gap="md">
              <div>
                <Title order={2} size="h4">
                  {agent.firstName} {agent.lastName}
                </Title>
                <Text size="sm" c="dimmed">
                  NPN {agent.npn}
                </Text>
              </div>
              {/* keyed by the address: a confirmed change elsewhere shows here when the agent is fetched again */}
              <EmailForm key={agent.email} agent={agent} onDone={setDialog} />
              <div>
                <Button
                  variant="default"
                  leftSection={<IconLock size={16} aria-hidden="true" />}
                  onClick={() => {
                    setHasPasswordDialog(true);
                    setPasswordOpen(true);
                  }}
                >
                  Change Password
                </Button>
              </div>
              <div>
                <Button
                  variant="default"
                  leftSection={<IconBell size={16} aria-hidden="true" />}
                  onClick={() => {
                    setHasEmailsDialog(true);
                    setEmailsOpen(true);
                  }}
                >
                  Notification e-mails
                </Button>
              </div>
              <Suspense fallback={null}>
                <TimeZoneSelect
                  value={agent.timeZoneSetting}
                  defaultZone={agent.defaultTimeZone}
                  onChange={saveTimeZone}
                />
              </Suspense>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      {contracts}
      {hasPasswordDialog && (
        <Suspense fallback={null}>
          <ChangePasswordModal opened={isPasswordOpen} onClose={() => setPasswordOpen(false)} onDone={setDialog} />
        </Suspense>
      )}
      {hasEmailsDialog && (
        <Suspense fallback={null}>
          <NotificationEmailsModal opened={isEmailsOpen} onClose={() => setEmailsOpen(false)} onDone={setDialog} />
        </Suspense>
      )}
      <MessageDialog opened={dialog !== null} title={dialog?.title ?? ''} onClose={() => setDialog(null)}>
        {dialog?.message ?? ''}
      </MessageDialog>
    </Stack>
  );
}

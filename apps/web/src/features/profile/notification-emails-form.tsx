import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NotificationEmailSettingsSchema,
  type NotificationEmailSettings,
} from '@arc/contract';
import { Button, Checkbox, getDefaultZIndex, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client.ts';
import { notificationEmailSettingsQuery, useUpdateNotificationEmailSettings } from '../../api/notification-list.ts';
import { useReturnFocus } from '../../ui/focus.ts';

type Done = (result: { title: string; message: string }) => void;

export interface NotificationEmailsModalProps {
  opened: boolean;
  onClose: () => void;
  onDone: Done;
}

/**
 * Which notifications also come by e-mail (in the portal they always show): one box per kind. A dialog loaded
 * when My Profile's Notification e-mails is clicked, like Change Password (docs/decisions/web-loading-and-budget.md).
 */
export function NotificationEmailsModal({ opened, onClose, onDone }: NotificationEmailsModalProps) {
  useReturnFocus(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Notification e-mails"
      zIndex={getDefaultZIndex('modal') - 1}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <NotificationEmailsForm
        onCancel={onClose}
        onDone={(result) => {
          onClose();
          onDone(result);
        }}
      />
    </Modal>
  );
}

function NotificationEmailsForm({ onDone, onCancel }: { onDone: Done; onCancel: () => void }) {
  const settings = useQuery(notificationEmailSettingsQuery());
  if (settings.isError) {
    return (
      <Text c="red.8" size="sm" role="alert">
        {errorMessage(settings.error)}
      </Text>
    );
  }
  if (!settings.data) return <Loader size="sm" aria-label="Loading your e-mail choices" />;
  return <EmailChoices initial={settings.data} onDone={onDone} onCancel={onCancel} />;
}

function EmailChoices({
  initial,
  onDone,
  onCancel,
}: {
  initial: NotificationEmailSettings;
  onDone: Done;
  onCancel: () => void;
}) {
  const update = useUpdateNotificationEmailSettings();
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(NotificationEmailSettingsSchema, { sync: true }),
  });
  const { optedOut } = form.getValues();
  const onSubmit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => onDone({ title: 'Saved', message: 'Your e-mail choices are saved.' }),
      onError: (err) => onDone({ title: 'Not saved', message: errorMessage(err) }),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Checkbox.Group
          label="E-mail me when"
          description="Notifications always show under the bell; these choices are for e-mail only."
          value={NOTIFICATION_KINDS.filter((kind) => !optedOut.includes(kind))}
          onChange={(emailed) =>
            form.setFieldValue(
              'optedOut',
              NOTIFICATION_KINDS.filter((kind) => !emailed.includes(kind)),
            )
          }
        >
          <Stack gap={6} mt={6}>
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={NOTIFICATION_KIND_LABELS[kind]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end" mt="xs">
          <Button variant="subtle" color="gray" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} data-autofocus>
            Save e-mail choices
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

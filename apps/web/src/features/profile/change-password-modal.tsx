import {
  ChangePasswordFormSchema,
  ChangePasswordRequestSchema,
  checkPasswordChange,
  passesPasswordChange,
  PROFILE_MESSAGES,
} from '@arc/contract';
import { Button, getDefaultZIndex, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { usePasswordPolicyCriteria } from '../../api/account.ts';
import { errorMessage } from '../../api/client.ts';
import { useChangePassword } from '../../api/profile-updates.ts';
import { useCurrentAgent } from '../../auth/use-current-agent.ts';
import { useReturnFocus } from '../../ui/focus.ts';
import { PasswordChecklist } from '../../ui/password-checklist.tsx';

export interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
  /** the outcome, for the page's message dialog */
  onDone: (result: { title: string; message: string }) => void;
}

/**
 * Spec part 1 §4, §5: current password, new password and its confirmation, the six criteria shown live, and
 * Change Password enabled only when all of them hold, with the server's two further rules (not common, not the
 * username or NPN) shown live too. The server checks the same and the current password.
 */
export function ChangePasswordModal({ opened, onClose, onDone }: ChangePasswordModalProps) {
  const change = useChangePassword();
  // mounted already open (it loads when first asked for): closing gives the focus back to Change Password
  useReturnFocus(opened);
  const { data: agent } = useCurrentAgent();
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', newPassword: '', confirmation: '' },
    validateInputOnBlur: true,
    validate: schemaResolver(ChangePasswordFormSchema, { sync: true }),
  });
  const { oldPassword, newPassword, confirmation } = form.getValues();
  const policy = usePasswordPolicyCriteria(newPassword, [agent?.username, agent?.npn]);
  const criteria = [...checkPasswordChange(oldPassword, newPassword, confirmation), ...policy];
  const canSubmit = passesPasswordChange(oldPassword, newPassword, confirmation) && policy.every((rule) => rule.ok);

  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };

  const onSubmit = form.onSubmit((values) => {
    if (!passesPasswordChange(values.oldPassword, values.newPassword, values.confirmation)) return;
    change.mutate(
      ChangePasswordRequestSchema.parse({ oldPassword: values.oldPassword, newPass1: values.newPassword }),
      {
        onSuccess: () => {
          close();
          onDone({ title: PROFILE_MESSAGES.passwordUpdatedTitle, message: PROFILE_MESSAGES.passwordUpdated });
        },
        onError: (err) => onDone({ title: PROFILE_MESSAGES.passwordFailedTitle, message: errorMessage(err) }),
      },
    );
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Change Password"
      // one level below the pop-ups: this dialog mounts when first opened (profile-page.tsx), after the page's
      // message dialog, and the answer that dialog shows must stay above it
      zIndex={getDefaultZIndex('modal') - 1}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            data-autofocus
            {...form.getInputProps('oldPassword')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirm New Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmation')}
          />
          <PasswordChecklist criteria={criteria} />
          <Group justify="flex-end" mt="xs">
            <Button variant="subtle" color="gray" onClick={close} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit} loading={change.isPending}>
              Change Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { EmailSchema, PROFILE_MESSAGES, UpdateUserInfoRequestSchema, type Agent } from '@arc/contract';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import * as z from 'zod/mini';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useUpdateEmail } from '../../api/profile-updates.ts';

export interface EmailFormProps {
  agent: Agent;
  onDone: (result: { title: string; message: string }) => void;
}

/** The form's two fields, checked with the contract's rules for the call. */
const EmailFormSchema = z.extend(z.pick(UpdateUserInfoRequestSchema, { password: true }), { email: EmailSchema });

/**
 * Username (read-only), Email Address (required) and the current password, with Update Email Address (spec part 1
 * §2, §5; the password keeps a stolen session from moving the account to another address). The address is checked
 * with the contract's `EmailSchema` when the field loses the focus and on submit; typing clears the message. A
 * wrong password is shown on its field. The field shows the current address; an address asked for and not yet
 * confirmed is shown below it as pending.
 */
export function EmailForm({ agent, onDone }: EmailFormProps) {
  const update = useUpdateEmail();
  const form = useForm({
    // controlled: the fields go back to the address in use after a request without being drawn anew
    mode: 'controlled',
    initialValues: { email: agent.email, password: '' },
    validateInputOnBlur: ['email'],
    validate: schemaResolver(EmailFormSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) =>
    update.mutate(EmailFormSchema.parse(values), {
      onSuccess: () => {
        // the field goes back to the address in use; the new one shows as pending
        form.reset();
        onDone({ title: PROFILE_MESSAGES.checkEmailTitle, message: PROFILE_MESSAGES.checkEmail });
      },
      onError: (err) => {
        const onPassword = err instanceof ApiError ? err.fieldErrors?.password?.[0] : undefined;
        if (onPassword) form.setFieldError('password', onPassword);
        else onDone({ title: 'Error', message: errorMessage(err) });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Username" value={agent.username} readOnly variant="filled" />
        <TextInput label="Email Address" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        {agent.pendingEmail ? (
          <Text size="sm" c="dimmed" data-testid="pending-email">
            {PROFILE_MESSAGES.emailPending}: <strong>{agent.pendingEmail}</strong>
          </Text>
        ) : null}
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <div>
          <Button type="submit" loading={update.isPending}>
            Update Email Address
          </Button>
        </div>
      </Stack>
    </form>
  );
}

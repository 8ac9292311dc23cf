import { EmailSchema, PROFILE_MESSAGES, type User } from '@arc/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { errorMessage } from '../../api/client.ts';
import { useUpdateEmail } from '../../api/profile.ts';

const EmailFormSchema = z.object({ email: EmailSchema });

export interface EmailFormProps {
  user: User;
  onDone: (result: { title: string; message: string }) => void;
}

/** Username (read-only) and Email Address (required) with Update Email Address (spec part 1 §2, §5). */
export function EmailForm({ user, onDone }: EmailFormProps) {
  const update = useUpdateEmail();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: user.email },
    validate: schemaResolver(EmailFormSchema, { sync: true }),
    validateInputOnBlur: true,
  });

  const onSubmit = form.onSubmit((values) => {
    if (update.isPending) return;
    update.mutate(values.email.trim(), {
      onSuccess: () => onDone({ title: PROFILE_MESSAGES.checkEmailTitle, message: PROFILE_MESSAGES.checkEmail }),
      onError: (err) => onDone({ title: 'Error', message: errorMessage(err) }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Username" value={user.username} readOnly variant="filled" />
        <TextInput label="Email Address" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <div>
          <Button type="submit" loading={update.isPending}>
            Update Email Address
          </Button>
        </div>
      </Stack>
    </form>
  );
}

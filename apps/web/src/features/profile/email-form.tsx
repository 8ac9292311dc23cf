import { EmailSchema, PROFILE_MESSAGES, type User } from '@arc/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useUpdateEmail } from '../../api/profile-updates.ts';

export interface EmailFormProps {
  user: User;
  onDone: (result: { title: string; message: string }) => void;
}

/** The contract's first message for the address, or undefined when it is valid. */
const emailProblem = (email: string) => EmailSchema.safeParse(email).error?.issues[0]?.message;

/**
 * Username (read-only) and Email Address (required) with Update Email Address (spec part 1 §2, §5). The address
 * is checked with the contract's `EmailSchema` when the field loses the focus and on submit; typing clears the
 * message. One field needs no form library: `@mantine/form` loads only with the password dialog (apps/web/README.md,
 * Budget).
 */
export function EmailForm({ user, onDone }: EmailFormProps) {
  const update = useUpdateEmail();
  const [email, setEmail] = useState(user.email);
  const [error, setError] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem || update.isPending) return;
    update.mutate(email.trim(), {
      onSuccess: () => onDone({ title: PROFILE_MESSAGES.checkEmailTitle, message: PROFILE_MESSAGES.checkEmail }),
      onError: (err) => onDone({ title: 'Error', message: errorMessage(err) }),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Username" value={user.username} readOnly variant="filled" />
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(undefined);
          }}
          onBlur={() => setError(emailProblem(email))}
          error={error}
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

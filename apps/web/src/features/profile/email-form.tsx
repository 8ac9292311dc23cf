import { EmailSchema, PROFILE_MESSAGES, type Agent } from '@arc/contract';
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useUpdateEmail } from '../../api/profile-updates.ts';

export interface EmailFormProps {
  agent: Agent;
  onDone: (result: { title: string; message: string }) => void;
}

/** The contract's first message for the address, or undefined when it is valid. */
const emailProblem = (email: string) => EmailSchema.safeParse(email).error?.issues[0]?.message;

/**
 * Username (read-only), Email Address (required) and the current password, with Update Email Address (spec part 1
 * §2, §5; the password keeps a stolen session from moving the account to another address). The address is checked
 * with the contract's `EmailSchema` when the field loses the focus and on submit; typing clears the message. A
 * wrong password is shown on its field. The field shows the current address; an address asked for and not yet
 * confirmed is shown below it as pending. Two fields need no form library: `@mantine/form` loads only with the
 * password dialog (apps/web/README.md, Budget).
 */
export function EmailForm({ agent, onDone }: EmailFormProps) {
  const update = useUpdateEmail();
  const [email, setEmail] = useState(agent.email);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = emailProblem(email);
    const passwordProblem = password ? undefined : PROFILE_MESSAGES.emailPasswordRequired;
    setError(problem);
    setPasswordError(passwordProblem);
    if (problem || passwordProblem || update.isPending) return;
    update.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          // the field goes back to the address in use; the new one shows as pending
          setEmail(agent.email);
          setPassword('');
          onDone({ title: PROFILE_MESSAGES.checkEmailTitle, message: PROFILE_MESSAGES.checkEmail });
        },
        onError: (err) => {
          const onPassword = err instanceof ApiError ? err.fieldErrors?.password?.[0] : undefined;
          if (onPassword) setPasswordError(onPassword);
          else onDone({ title: 'Error', message: errorMessage(err) });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Username" value={agent.username} readOnly variant="filled" />
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
        {agent.pendingEmail ? (
          <Text size="sm" c="dimmed" data-testid="pending-email">
            {PROFILE_MESSAGES.emailPending}: <strong>{agent.pendingEmail}</strong>
          </Text>
        ) : null}
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setPasswordError(undefined);
          }}
          error={passwordError}
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

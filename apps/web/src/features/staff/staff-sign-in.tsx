import * as contract from '@arc/contract';
import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { PROVIDER_NAME } from '../../config.ts';
import { startStaffSignIn } from './staff-session.ts';

/** The card every signed-out staff page sits in. */
export function StaffCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440} component="main">
        <Stack>
          <div>
            <Text size="sm" c="dimmed">
              {PROVIDER_NAME} · Back office
            </Text>
            <Title order={1} size="h2">
              {title}
            </Title>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** `/staff/sign-in`: starts the staff client's authorization (a fresh sign-in every time). */
export function StaffSignIn() {
  const [error, setError] = useState<string | null>(null);
  const signIn = () => startStaffSignIn().catch(() => setError('The sign-in could not start. Try again.'));
  return (
    <StaffCard title="Staff sign-in">
      <Text>Sign in with your staff e-mail, your password and the code of your authenticator app.</Text>
      {error && <Alert color="red">{error}</Alert>}
      <Button onClick={() => void signIn()}>Sign in</Button>
    </StaffCard>
  );
}

/** `/staff/interaction/:uid`: the password, then the TOTP or recovery code. */
export function StaffInteraction({ uid }: { uid: string }) {
  const details = useQuery({
    queryKey: ['staff', 'interaction', uid],
    queryFn: () => apiFetch(contract.getStaffInteraction, { params: { uid } }),
    retry: false,
  });
  const [step, setStep] = useState<'password' | 'second-factor' | null>(null);
  useEffect(() => {
    if (details.data) setStep(details.data.step);
  }, [details.data]);

  if (details.isError) {
    return (
      <StaffCard title="Staff sign-in">
        <Alert color="red">{errorMessage(details.error)}</Alert>
        <Button onClick={() => void startStaffSignIn()}>Start again</Button>
      </StaffCard>
    );
  }
  if (!step) {
    return (
      <StaffCard title="Staff sign-in">
        <Loader aria-label="Loading" />
      </StaffCard>
    );
  }
  return (
    <StaffCard title="Staff sign-in">
      {step === 'password' ? (
        <PasswordStep uid={uid} onPassed={() => setStep('second-factor')} />
      ) : (
        <SecondFactorStep uid={uid} />
      )}
    </StaffCard>
  );
}

function PasswordStep({ uid, onPassed }: { uid: string; onPassed: () => void }) {
  const form = useForm<contract.StaffPasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(contract.StaffPasswordRequestSchema, { sync: true }),
  });
  const submit = useSubmit({
    mutationFn: (body: contract.StaffPasswordRequest) =>
      apiFetch(contract.submitStaffPassword, { params: { uid }, body }),
    onSuccess: onPassed,
  });
  return (
    <form onSubmit={form.onSubmit((values) => submit.mutate(values))} noValidate>
      <Stack>
        {submit.isError && <Alert color="red">{errorMessage(submit.error)}</Alert>}
        <TextInput
          label="E-mail"
          autoComplete="username"
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={submit.isPending}>
          Continue
        </Button>
      </Stack>
    </form>
  );
}

function SecondFactorStep({ uid }: { uid: string }) {
  const form = useForm<contract.StaffSecondFactorRequest>({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: schemaResolver(contract.StaffSecondFactorRequestSchema, { sync: true }),
  });
  const submit = useSubmit({
    mutationFn: (body: contract.StaffSecondFactorRequest) =>
      apiFetch(contract.submitStaffSecondFactor, { params: { uid }, body }),
    onSuccess: ({ redirectTo }) => window.location.assign(redirectTo),
  });
  return (
    <form onSubmit={form.onSubmit((values) => submit.mutate(values))} noValidate>
      <Stack>
        <Text>Enter the 6-digit code of your authenticator app, or one of your recovery codes.</Text>
        {submit.isError && <Alert color="red">{errorMessage(submit.error)}</Alert>}
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          data-autofocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" loading={submit.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}

import * as contract from '@arc/contract';
import { Alert, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { startStaffSignIn } from '../../auth/staff-session.ts';
import { StaffCard } from './staff-card.tsx';

/** `/staff/interaction/:uid`: the password, then the TOTP or recovery code. */
export default function StaffInteraction() {
  const { uid = '' } = useParams();
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

import * as contract from '@arc/contract';
import { Alert, Button, Code, Image, List, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { apiFetch, errorMessage } from '../../api/client.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { startStaffSignIn } from '../../auth/staff-session.ts';
import { ROLE_LABELS } from '../../staff/staff-areas.ts';
import { PasswordChecklist } from '../../ui/password-checklist.tsx';
import { StaffCard } from './staff-card.tsx';

/**
 * `/staff/enrol/:token`: the one-time link of a new staff member (or a reset second factor). Sets the password,
 * shows the TOTP secret as a QR code and as text, confirms a code, then shows the recovery codes once.
 */
export default function StaffEnrol() {
  const { token = '' } = useParams();
  const enrolment = useQuery({
    queryKey: ['staff', 'enrolment', token],
    queryFn: () => apiFetch(contract.getStaffEnrolment, { params: { token } }),
    retry: false,
    staleTime: Infinity,
  });
  // the rules, met or not, as the password is typed (the agents' checklist; both entries are this one field)
  const [password, setPassword] = useState('');
  const form = useForm<contract.CompleteStaffEnrolmentRequest>({
    mode: 'uncontrolled',
    initialValues: { password: '', code: '' },
    onValuesChange: (values) => setPassword(values.password),
    validate: schemaResolver(contract.CompleteStaffEnrolmentRequestSchema, { sync: true }),
  });
  const submit = useSubmit({
    mutationFn: (body: contract.CompleteStaffEnrolmentRequest) =>
      apiFetch(contract.completeStaffEnrolment, { params: { token }, body }),
  });

  if (submit.data) {
    return (
      <StaffCard title="Keep your recovery codes">
        <Text>
          Each code signs you in once if you lose your phone. Store them somewhere safe: they are not shown again.
        </Text>
        <List spacing={4} listStyleType="none">
          {submit.data.recoveryCodes.map((code) => (
            <List.Item key={code}>
              <Code fz="md">{code}</Code>
            </List.Item>
          ))}
        </List>
        <Button onClick={() => void startStaffSignIn()}>Sign in</Button>
      </StaffCard>
    );
  }
  if (enrolment.isError) {
    return (
      <StaffCard title="Set up your staff account">
        <Alert color="red">{errorMessage(enrolment.error)}</Alert>
        <Text>Ask an administrator for a new enrolment link.</Text>
      </StaffCard>
    );
  }
  if (!enrolment.data) {
    return (
      <StaffCard title="Set up your staff account">
        <Loader aria-label="Loading" />
      </StaffCard>
    );
  }
  const { email, role, secret, qrCode } = enrolment.data;
  return (
    <StaffCard title="Set up your staff account">
      <Text>
        {email} · {ROLE_LABELS[role]}
      </Text>
      <Text>Scan this code with an authenticator app, or type the secret into it.</Text>
      <Image src={qrCode} alt="QR code of your authenticator secret" w={200} h={200} />
      <Text>
        Secret: <Code fz="md">{secret}</Code>
      </Text>
      <form onSubmit={form.onSubmit((values) => submit.mutate(values))} noValidate>
        <Stack>
          {submit.isError && <Alert color="red">{errorMessage(submit.error)}</Alert>}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordChecklist
            criteria={contract.checkPassword(password, password).filter((rule) => rule.id !== 'match')}
          />
          <TextInput
            label="Code from your authenticator app"
            autoComplete="one-time-code"
            inputMode="numeric"
            key={form.key('code')}
            {...form.getInputProps('code')}
          />
          <Button type="submit" loading={submit.isPending}>
            Set up
          </Button>
        </Stack>
      </form>
    </StaffCard>
  );
}

import {
  CASE_LABELS,
  CASE_MESSAGES,
  CASE_REQUEST_TYPES,
  CaseFormSchema,
  toCaseReport,
  type CaseForm,
} from '@arc/contract';
import {
  Alert,
  Button,
  Grid,
  NativeSelect,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { casesQueries, useCreateCaseReport } from '../../api/cases.ts';
import { errorMessage } from '../../api/client.ts';
import { MessageDialog } from '../../ui/message-dialog.tsx';

const EMPTY: CaseForm = {
  memberName: '',
  memberId: '',
  dateOfBirth: '',
  memberPhoneNumber: '',
  carrier: '',
  requestType: '',
  description: '',
  carrierService: '',
};

/** MM/DD/YYYY as the agent types: digits only, the slashes put in for them (spec part 1 §2: masked). */
export function maskDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

type Dialog = { title: string; message: string } | null;

/**
 * /case (member support tier Unlimited; the guard shows others only the breadcrumb and the server refuses them):
 * the spec's fields, Date of Birth masked MM/DD/YYYY and sent as YYYY-MM-DD, Carrier from the agent's
 * carriers, Request Type required; Send stores the case and e-mails member support.
 */
export default function CaseFormPage() {
  const carriers = useQuery(casesQueries.carriers());
  const report = useCreateCaseReport();
  const [dialog, setDialog] = useState<Dialog>(null);
  const form = useForm<CaseForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(CaseFormSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit(
    (values) => {
      report.mutate(toCaseReport(values), {
        onSuccess: () => {
          form.reset();
          setDialog({ title: CASE_MESSAGES.successTitle, message: CASE_MESSAGES.success });
        },
        onError: (err) => setDialog({ title: CASE_MESSAGES.errorTitle, message: errorMessage(err) }),
      });
    },
    (errors) => {
      // spec part 1 §5: an invalid date of birth is also alerted, titled Validation error
      if (errors.dateOfBirth === CASE_MESSAGES.dateOfBirthInvalid) {
        setDialog({ title: CASE_MESSAGES.validationErrorTitle, message: CASE_MESSAGES.dateOfBirthInvalid });
      }
    },
  );

  const dateProps = form.getInputProps('dateOfBirth');
  return (
    <Stack gap="lg">
      <Title order={1}>{CASE_MESSAGES.title}</Title>
      <Paper p="lg" withBorder maw={880}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Tell member support what your client needs. Fields marked * are required; we answer by e-mail.
            </Text>
            <Grid gap="md">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={CASE_LABELS.memberName} autoComplete="off" {...form.getInputProps('memberName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={CASE_LABELS.memberId} autoComplete="off" {...form.getInputProps('memberId')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={CASE_LABELS.dateOfBirth}
                  placeholder="MM/DD/YYYY"
                  inputMode="numeric"
                  autoComplete="off"
                  required
                  {...dateProps}
                  onChange={(event) => form.setFieldValue('dateOfBirth', maskDate(event.currentTarget.value))}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={CASE_LABELS.memberPhoneNumber}
                  type="tel"
                  autoComplete="off"
                  {...form.getInputProps('memberPhoneNumber')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={CASE_LABELS.carrier}
                  placeholder={carriers.isPending ? 'Loading…' : 'Choose a carrier'}
                  data={carriers.data ?? []}
                  clearable
                  searchable
                  nothingFoundMessage="No carrier found"
                  disabled={carriers.isError}
                  error={carriers.isError ? CASE_MESSAGES.carriersFailed : undefined}
                  {...form.getInputProps('carrier')}
                  value={form.getValues().carrier || null}
                  onChange={(value) => form.setFieldValue('carrier', value ?? '')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <NativeSelect label={CASE_LABELS.requestType} required {...form.getInputProps('requestType')}>
                  {/* the empty choice until one is made: shown in the field, not offered in the list */}
                  <option value="" disabled hidden>
                    Choose a request type
                  </option>
                  {CASE_REQUEST_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </NativeSelect>
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label={CASE_LABELS.description}
                  autosize
                  minRows={4}
                  maxRows={12}
                  {...form.getInputProps('description')}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <TextInput label={CASE_LABELS.carrierService} {...form.getInputProps('carrierService')} />
              </Grid.Col>
            </Grid>
            {carriers.isSuccess && carriers.data.length === 0 && (
              <Alert color="gray">We have no carrier contracts on file for you, so Carrier stays empty.</Alert>
            )}
            <div>
              <Button type="submit" loading={report.isPending} leftSection={<IconSend size={16} aria-hidden="true" />}>
                {CASE_LABELS.send}
              </Button>
            </div>
          </Stack>
        </form>
      </Paper>
      <MessageDialog opened={dialog !== null} title={dialog?.title ?? ''} onClose={() => setDialog(null)}>
        {dialog?.message ?? ''}
      </MessageDialog>
    </Stack>
  );
}

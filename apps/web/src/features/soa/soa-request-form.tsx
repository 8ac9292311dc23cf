import {
  SOA_APPOINTMENT_KIND_LABELS,
  SOA_APPOINTMENT_KINDS,
  SOA_LANGUAGE_LABELS,
  SOA_LANGUAGES,
  SOA_PRODUCT_LABELS,
  SOA_PRODUCTS,
  SOA_TEXT,
  SoaRequestFormSchema,
  timeZoneName,
  type CreateSoaRequestBody,
  type SoaException,
  type SoaLink,
  type SoaRequestForm,
} from '@arc/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../../api/client.ts';
import { useCreateSoa } from '../../api/soa.ts';
import { viewerTimeZone } from '../../ui/viewer-time.ts';
import { appointmentOf, EXCEPTION_OPTIONS, pastAppointmentError, waitNote } from './soa-appointment.ts';

const validateRequest = schemaResolver(SoaRequestFormSchema, { sync: true });

const toRequest = (values: SoaRequestForm): CreateSoaRequestBody => ({
  beneficiaryName: values.beneficiaryName.trim(),
  email: values.email.trim(),
  mobile: values.mobile.trim(),
  language: values.language,
  appointmentAt: appointmentOf(values.date, values.time)!.toISOString(),
  appointmentTimeZone: viewerTimeZone(),
  appointmentKind: values.appointmentKind,
  products: values.products,
  exceptionReason: (values.exceptionReason || null) as SoaException | null,
});

/** New SOA request: who, how to reach them, the appointment and the products; Send SOA e-mails the link. */
export default function SoaRequestFormPanel({
  onSent,
  onClose,
}: {
  onSent: (link: SoaLink) => void;
  onClose: () => void;
}) {
  const create = useCreateSoa();
  const form = useForm<SoaRequestForm>({
    mode: 'controlled',
    initialValues: {
      beneficiaryName: '',
      email: '',
      mobile: '',
      language: 'en',
      date: '',
      time: '',
      appointmentKind: 'phone',
      products: [],
      exceptionReason: '',
    },
    // no backdating: an appointment that is not after now is refused here and by the server (issue 45)
    validate: (values) => {
      const errors = validateRequest(values);
      const past = pastAppointmentError(appointmentOf(values.date, values.time));
      return past && !errors.date ? { ...errors, date: past } : errors;
    },
  });
  const values = form.getValues();
  const note = waitNote(appointmentOf(values.date, values.time));

  return (
    <Paper p={{ base: 'md', sm: 'lg' }} withBorder>
      <form
        noValidate
        onSubmit={form.onSubmit((submitted) =>
          create.mutate(toRequest(SoaRequestFormSchema.parse(submitted)), {
            onSuccess: ({ link }) => {
              form.reset();
              onSent(link);
            },
          }),
        )}
      >
        <Stack gap="md">
          <Title order={2} size="h3">
            {SOA_TEXT.newRequest}
          </Title>
          <TextInput
            label="Beneficiary name"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('beneficiaryName')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
            <TextInput
              label="Mobile"
              type="tel"
              autoComplete="off"
              description="Text messages come later"
              {...form.getInputProps('mobile')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Preferred language"
              data={SOA_LANGUAGES.map((value) => ({ value, label: SOA_LANGUAGE_LABELS[value] }))}
              {...form.getInputProps('language')}
            />
            <NativeSelect
              label="Appointment kind"
              data={SOA_APPOINTMENT_KINDS.map((value) => ({ value, label: SOA_APPOINTMENT_KIND_LABELS[value] }))}
              {...form.getInputProps('appointmentKind')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Appointment date"
              type="date"
              required
              description="In your time zone (My Profile)"
              {...form.getInputProps('date')}
            />
            <TextInput
              label="Appointment time"
              type="time"
              required
              description={`${viewerTimeZone()}, ${timeZoneName(viewerTimeZone())}`}
              {...form.getInputProps('time')}
            />
          </SimpleGrid>
          <Checkbox.Group label="Products to discuss" required {...form.getInputProps('products')}>
            <Stack gap="xs" mt="xs">
              {SOA_PRODUCTS.map((product) => (
                <Checkbox key={product} value={product} label={SOA_PRODUCT_LABELS[product]} />
              ))}
            </Stack>
          </Checkbox.Group>
          {note && !note.isInsideWait && (
            <Text size="sm" data-testid="soa-wait-note">
              {note.text}
            </Text>
          )}
          {note?.isInsideWait && (
            <NativeSelect
              label="Exception to the 48-hour rule"
              description={note.text}
              data={EXCEPTION_OPTIONS}
              {...form.getInputProps('exceptionReason')}
            />
          )}
          {create.isError && (
            <Alert color="red" role="alert" icon={<IconAlertCircle aria-hidden="true" />} title="Error">
              {errorMessage(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={create.isPending}>
              {SOA_TEXT.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

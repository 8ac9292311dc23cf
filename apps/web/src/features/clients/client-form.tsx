import {
  CLIENT_LANGUAGE_LABELS,
  CLIENT_LANGUAGES,
  CLIENT_STATUSES,
  CLIENT_TEXT,
  ClientInputSchema,
  CONTACT_METHOD_LABELS,
  CONTACT_METHODS,
  STATES,
  type ClientDetail,
  type ClientInput,
  type Soa,
  BLANK_CLIENT_INPUT,
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
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/client.ts';
import { useCreateClient, useUpdateClient } from '../../api/clients.ts';
import { soaQueries } from '../../api/soa.ts';

/** The form's values of a stored client: the MBI blank (an edit never sees it; blank keeps it). */
const valuesOf = (client: ClientDetail): ClientInput => ({
  firstName: client.firstName,
  lastName: client.lastName,
  birthDate: client.birthDate ?? '',
  phone: client.phone,
  email: client.email,
  street: client.street,
  city: client.city,
  state: client.state,
  zip: client.zip,
  county: client.county,
  language: client.language,
  mbi: '',
  consentToContact: client.consentToContact,
  consentMethods: client.consentMethods,
  status: client.status,
  notes: client.notes,
});

/** The SOA's beneficiary split into first and last name (the last word is the last name). */
function fromSoa(soa: Soa): Partial<ClientInput> {
  const words = soa.beneficiaryName.trim().split(/\s+/);
  return {
    firstName: words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? ''),
    lastName: words.length > 1 ? words[words.length - 1]! : '',
    email: soa.email,
    phone: soa.mobile,
    language: soa.language,
  };
}

export interface ClientFormProps {
  /** the client to change; none: a new client */
  client?: ClientDetail;
  onSaved: (client: ClientDetail) => void;
  onCancel: () => void;
}

/** New client (by hand or from an SOA, whose beneficiary fills the form) or Edit client. */
export default function ClientForm({ client, onSaved, onCancel }: ClientFormProps) {
  const create = useCreateClient();
  const update = useUpdateClient(client?.id ?? '');
  const soas = useQuery({ ...soaQueries.list(), enabled: !client });
  const form = useForm<ClientInput & { soaId: string }>({
    mode: 'controlled',
    initialValues: { ...(client ? valuesOf(client) : BLANK_CLIENT_INPUT), soaId: '' },
    validate: schemaResolver(ClientInputSchema, { sync: true }),
  });
  const values = form.getValues();
  const isSaving = create.isPending || update.isPending;

  const onSubmit = form.onSubmit(({ soaId, ...submitted }) => {
    const parsed = ClientInputSchema.parse(submitted);
    // an edit with the MBI left blank keeps the stored one
    const body = { ...parsed, mbi: client && parsed.mbi === '' ? null : parsed.mbi };
    const done = { onSuccess: onSaved };
    if (client) update.mutate(body, done);
    else create.mutate({ ...body, soaId: soaId || null }, done);
  });

  return (
    <Paper p={{ base: 'md', sm: 'lg' }} withBorder>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Title order={2} size="h3">
            {client ? CLIENT_TEXT.edit : CLIENT_TEXT.newClient}
          </Title>
          {!client && (soas.data?.length ?? 0) > 0 && (
            <NativeSelect
              label={CLIENT_TEXT.fromSoa}
              description="The SOA’s beneficiary fills the form; the SOA is linked to the client"
              data={[
                { value: '', label: 'None (by hand)' },
                ...(soas.data ?? []).map((soa) => ({
                  value: soa.id,
                  label: `${soa.beneficiaryName} (${soa.current.status})`,
                })),
              ]}
              {...form.getInputProps('soaId')}
              onChange={(event) => {
                const soa = soas.data?.find((s) => s.id === event.currentTarget.value);
                form.setValues({ soaId: event.currentTarget.value, ...(soa ? fromSoa(soa) : {}) });
              }}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="First name" required autoComplete="off" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
            <TextInput label="Date of birth" type="date" {...form.getInputProps('birthDate')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Phone" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            <TextInput label="E-mail" type="email" autoComplete="off" {...form.getInputProps('email')} />
            <NativeSelect
              label="Language"
              data={CLIENT_LANGUAGES.map((value) => ({ value, label: CLIENT_LANGUAGE_LABELS[value] }))}
              {...form.getInputProps('language')}
            />
          </SimpleGrid>
          <TextInput label="Street address" autoComplete="off" {...form.getInputProps('street')} />
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextInput label="City" autoComplete="off" {...form.getInputProps('city')} />
            <NativeSelect
              label="State"
              data={[{ value: '', label: '—' }, ...STATES.map((s) => ({ value: s.code, label: s.label }))]}
              {...form.getInputProps('state')}
            />
            <TextInput label="ZIP" inputMode="numeric" autoComplete="off" {...form.getInputProps('zip')} />
            <TextInput label="County" autoComplete="off" {...form.getInputProps('county')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Medicare number (MBI)"
              autoComplete="off"
              description={
                client?.mbiMasked
                  ? `Stored: ${client.mbiMasked}. Leave blank to keep it.`
                  : 'Stored encrypted; shown masked'
              }
              {...form.getInputProps('mbi')}
              value={values.mbi ?? ''}
            />
            <NativeSelect
              label="Status"
              data={CLIENT_STATUSES.map((value) => ({ value, label: value }))}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <Checkbox label="Agreed to be contacted" {...form.getInputProps('consentToContact', { type: 'checkbox' })} />
          {values.consentToContact && (
            <Checkbox.Group label="How" {...form.getInputProps('consentMethods')}>
              <Group gap="md" mt={4}>
                {CONTACT_METHODS.map((method) => (
                  <Checkbox key={method} value={method} label={CONTACT_METHOD_LABELS[method]} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <Textarea label="Notes" autosize minRows={2} maxRows={8} {...form.getInputProps('notes')} />
          {(create.error || update.error) && (
            <Alert color="red" role="alert" title="Error">
              {errorMessage(create.error ?? update.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {client ? CLIENT_TEXT.save : CLIENT_TEXT.create}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

import { BLANK_CLIENT_INPUT, CLIENT_TEXT, ClientInputSchema } from '@arc/contract';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserPlus } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { errorMessage } from '../../api/client.ts';
import { clientQueries, useCreateClient } from '../../api/clients.ts';

/** The client an upload is for, as the picker shows it. */
export interface UploadClient {
  id: string;
  name: string;
}

/** A client created from the upload panel: first and last name and the date of birth, nothing else needed. */
const NewClientSchema = z.object({
  firstName: ClientInputSchema.shape.firstName,
  lastName: ClientInputSchema.shape.lastName,
  birthDate: ClientInputSchema.shape.birthDate.check(z.refine((v) => v.trim() !== '', 'Enter the date of birth')),
});
type NewClient = z.infer<typeof NewClientSchema>;

const labelOf = (client: { firstName: string; lastName: string; birthDate: string | null }) =>
  `${client.firstName} ${client.lastName}${client.birthDate ? ` (born ${client.birthDate})` : ''}`;

/**
 * Names the client an upload is for (issue 46): one of the agent's clients, searched by name, or a new one made here
 * with first and last name and date of birth (a client of the agent's like any other; more can be added on its page).
 */
export function UploadClientPicker({
  value,
  onChange,
}: {
  value: UploadClient | null;
  onChange: (client: UploadClient | null) => void;
}) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [isCreating, setCreating] = useState(false);
  const found = useInfiniteQuery(clientQueries.find({ q }));
  const create = useCreateClient();
  const form = useForm<NewClient>({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', birthDate: '' },
    validate: schemaResolver(NewClientSchema, { sync: true }),
  });

  const rows = found.data?.pages[0]?.rows ?? [];
  const options = rows.map((client) => ({ value: client.id, label: labelOf(client) }));
  if (value && !options.some((option) => option.value === value.id))
    options.unshift({ value: value.id, label: value.name });

  const onCreate = form.onSubmit((values) => {
    create.mutate(
      { ...BLANK_CLIENT_INPUT, ...NewClientSchema.parse(values), soaId: null },
      {
        onSuccess: (client) => {
          onChange({ id: client.id, name: labelOf(client) });
          form.reset();
          setCreating(false);
        },
      },
    );
  });

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Client"
          description="Whom this enrollment is for: search your clients by name"
          placeholder="Search by name"
          searchable
          clearable
          required
          style={{ flex: '1 1 16rem' }}
          data={options}
          value={value?.id ?? null}
          searchValue={search}
          onSearchChange={setSearch}
          // the server searched already: every answer it gave is a choice
          filter={({ options: all }) => all}
          nothingFoundMessage={found.isFetching ? 'Searching…' : CLIENT_TEXT.noMatch}
          onChange={(id, option) => onChange(id ? { id, name: option.label } : null)}
        />
        <Button
          variant="subtle"
          leftSection={<IconUserPlus size={16} aria-hidden="true" />}
          onClick={() => setCreating((open) => !open)}
          aria-expanded={isCreating}
        >
          New client
        </Button>
      </Group>
      {isCreating && (
        <Paper withBorder p="sm">
          <form noValidate onSubmit={onCreate} aria-label="New client">
            <Stack gap="sm">
              <Text size="sm">A new client of yours, linked to this enrollment. Add more on the client’s page.</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="First name" required autoComplete="off" {...form.getInputProps('firstName')} />
                <TextInput label="Last name" required autoComplete="off" {...form.getInputProps('lastName')} />
                <TextInput label="Date of birth" type="date" required {...form.getInputProps('birthDate')} />
              </SimpleGrid>
              {create.isError && (
                <Alert color="red" role="alert">
                  {errorMessage(create.error)}
                </Alert>
              )}
              <Group gap="sm">
                <Button type="submit" loading={create.isPending}>
                  Add client
                </Button>
                <Button variant="default" onClick={() => setCreating(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}

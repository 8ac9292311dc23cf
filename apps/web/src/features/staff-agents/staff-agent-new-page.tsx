import * as contract from '@arc/contract';
import { Alert, Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import { createStaffAgent, staffAgentQuery, staffAgentsKey } from '../../api/staff-agents.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { STAFF_PAGES } from '../../staff/staff-paths.ts';

/** The form's values: the contract's body with the state still unchosen (''), until the schema passes them. */
type NewAgentValues = Omit<contract.CreateStaffAgent, 'state'> & { state: string };

/** `/staff/agents/new`: one agent added by hand (active, not registered); then the new agent's page. */
export default function StaffAgentNewPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useForm<NewAgentValues>({
    mode: 'uncontrolled',
    initialValues: { npn: '', firstName: '', lastName: '', email: '', phone: '', state: '', tier: 'Standard' },
    validate: schemaResolver(contract.CreateStaffAgentSchema, { sync: true }),
  });
  const create = useSubmit({
    mutationFn: createStaffAgent,
    onSuccess: async (agent) => {
      client.setQueryData(staffAgentQuery(agent.npn).queryKey, agent);
      await client.invalidateQueries({ queryKey: [...staffAgentsKey, 'list'] });
      await navigate(STAFF_PAGES.agent(agent.npn));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors) {
        form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key, value[0]])));
      }
    },
  });
  return (
    <Stack maw={720}>
      <Anchor component={Link} to={STAFF_PAGES.agents} size="sm">
        ← Agents
      </Anchor>
      <Title order={1}>Add agent</Title>
      <Paper withBorder p="md">
        <form onSubmit={form.onSubmit((values) => create.mutate(values as contract.CreateStaffAgent))} noValidate>
          <Stack>
            {create.isError && (
              <Alert color="red" role="alert">
                {errorMessage(create.error)}
              </Alert>
            )}
            <TextInput
              label="NPN"
              required
              inputMode="numeric"
              data-autofocus
              key={form.key('npn')}
              {...form.getInputProps('npn')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="First name"
                required
                autoComplete="off"
                key={form.key('firstName')}
                {...form.getInputProps('firstName')}
              />
              <TextInput
                label="Last name"
                required
                autoComplete="off"
                key={form.key('lastName')}
                {...form.getInputProps('lastName')}
              />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              type="email"
              required
              autoComplete="off"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              autoComplete="off"
              key={form.key('phone')}
              {...form.getInputProps('phone')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <NativeSelect
                label="State"
                required
                data={[
                  { value: '', label: 'Choose…', disabled: true },
                  ...contract.STATES.map((state) => ({ value: state.code, label: `${state.label} (${state.code})` })),
                ]}
                key={form.key('state')}
                {...form.getInputProps('state')}
              />
              <NativeSelect
                label="Tier"
                required
                data={[...contract.AGENT_TIERS]}
                key={form.key('tier')}
                {...form.getInputProps('tier')}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={create.isPending}>
                Add agent
              </Button>
              <Button variant="default" component={Link} to={STAFF_PAGES.agents}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

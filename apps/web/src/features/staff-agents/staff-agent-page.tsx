import * as contract from '@arc/contract';
// eslint-disable-next-line no-restricted-imports -- the agent's profile and the staff card are key/value details (a label and its value per row), not lists
import { Alert, Anchor, Button, Group, Loader, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client.ts';
import {
  canChangeAgents,
  formatDateTime,
  resendStaffAgentRegistration,
  staffAgentQuery,
  staffAgentsKey,
  unlockStaffAgent,
  updateStaffAgent,
} from '../../api/staff-agents.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { STAFF_PAGES } from '../../staff/staff-paths.ts';
import { AgentStatusBadge } from '../../ui/agent-status-badge.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ReadyToSellTable } from './staff-ready-to-sell.tsx';

type Notice = { isError: boolean; text: string } | null;

/**
 * `/staff/agents/:npn`: the agent's profile, contracts with certifications, Ready-to-Sell rows and recent audit
 * events; admin and operations may deactivate or reactivate, unlock, resend the registration link and change the
 * tier and state, support reads (the server enforces the same roles, docs/decisions/route-access.md).
 */
export default function StaffAgentPage() {
  const { npn = '' } = useParams();
  const agent = useQuery(staffAgentQuery(npn));
  const me = useQuery(currentStaffQuery());
  const [notice, setNotice] = useState<Notice>(null);

  if (agent.isError) {
    return (
      <Stack maw={720}>
        <BackLink />
        <Alert
          color="red"
          title={agent.error instanceof ApiError && agent.error.status === 404 ? 'Not found' : 'Error'}
        >
          {errorMessage(agent.error)}
        </Alert>
      </Stack>
    );
  }
  if (!agent.data || !me.data) return <Loader aria-label="Loading" />;
  const detail = agent.data;
  const canChange = canChangeAgents(me.data.role);

  return (
    <Stack maw={960}>
      <BackLink />
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>
            {detail.firstName} {detail.lastName}
          </Title>
          <Text c="dimmed">NPN {detail.npn}</Text>
        </div>
        <AgentStatusBadge status={detail.status} />
      </Group>
      {notice && (
        <Alert color={notice.isError ? 'red' : 'green'} role={notice.isError ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
      {canChange && <AgentActions detail={detail} onNotice={setNotice} />}

      <Section title="Profile">
        {/* a key/value detail, not a list: the one table (DataTable) is for lists */}
        <Table variant="vertical" layout="fixed">
          <Table.Tbody>
            <Row label="Name">
              {detail.firstName} {detail.lastName}
            </Row>
            <Row label="NPN">{detail.npn}</Row>
            <Row label="E-mail">{detail.email}</Row>
            <Row label="Phone">{detail.phone ?? '—'}</Row>
            <Row label="State">{detail.state ?? '—'}</Row>
            <Row label="Tier">{detail.tier ?? '—'}</Row>
            <Row label="Status">{detail.status === 'active' ? 'Active' : 'Inactive'}</Row>
            <Row label="Registered">
              {detail.registered ? `Yes${detail.username ? ` (${detail.username})` : ''}` : 'No'}
            </Row>
            <Row label="Locked">{detail.lockedUntil ? `Until ${formatDateTime(detail.lockedUntil)}` : 'No'}</Row>
            <Row label="Last sign-in">{formatDateTime(detail.lastSignInAt)}</Row>
          </Table.Tbody>
        </Table>
      </Section>

      {canChange && <TierStateForm detail={detail} onNotice={setNotice} />}

      <Section title="Contracts">
        <ListTable
          caption="Contracts"
          headers={['Carrier', 'Status', 'Writing number', 'Certifications']}
          rows={detail.contracts.map((item) => ({
            key: item.id,
            cells: [
              item.carrierName,
              item.status,
              item.writingNumber ?? '—',
              item.certifications.length
                ? item.certifications.map((cert) => `${cert.year} ${cert.product}`).join(', ')
                : 'None',
            ],
          }))}
          emptyMessage="This agent has no contract."
        />
      </Section>

      <Section title="Ready to Sell">
        <ReadyToSellTable rows={detail.readyToSell} />
      </Section>

      <Section title="Recent audit events">
        <ListTable
          caption="Recent audit events"
          headers={['When', 'Action', 'Subject', 'Staff']}
          rows={detail.auditEvents.map((event, index) => ({
            key: `${event.occurredAt.toISOString()}-${index}`,
            cells: [formatDateTime(event.occurredAt), event.action, event.subject ?? '—', event.staffId ?? '—'],
          }))}
          emptyMessage="No audit event for this agent."
        />
      </Section>
    </Stack>
  );
}

function BackLink() {
  return (
    <Anchor component={Link} to={STAFF_PAGES.agents} size="sm">
      ← Agents
    </Anchor>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={140}>{label}</Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

function ListTable(props: {
  caption: string;
  headers: string[];
  rows: { key: string; cells: string[] }[];
  emptyMessage: string;
}) {
  const columns = props.headers.map((header, index): DataTableColumn<{ key: string; cells: string[] }> => ({
    id: header,
    header,
    cell: (row) => row.cells[index],
  }));
  return (
    <DataTable
      caption={props.caption}
      hideCaption
      regionLabel={`${props.caption}: the table`}
      data={props.rows}
      getRowId={(row) => row.key}
      paginate={false}
      minWidth={560}
      emptyMessage={props.emptyMessage}
      columns={columns}
    />
  );
}

interface ActionProps {
  detail: contract.StaffAgentDetail;
  onNotice: (notice: Notice) => void;
}

/** After a change: the page shows the answer, the list searches again. */
function useAgentUpdated(npn: string) {
  const client = useQueryClient();
  return (detail?: contract.StaffAgentDetail) => {
    if (detail) client.setQueryData(staffAgentQuery(npn).queryKey, detail);
    return client.invalidateQueries({ queryKey: staffAgentsKey });
  };
}

function AgentActions({ detail, onNotice }: ActionProps) {
  const { npn } = detail;
  const updated = useAgentUpdated(npn);
  const [isConfirming, setConfirming] = useState(false);
  const fail = (error: unknown) => onNotice({ isError: true, text: errorMessage(error) });

  const setStatus = useSubmit({
    mutationFn: (status: contract.AgentStatus) => updateStaffAgent(npn, { status }),
    onSuccess: async (answer) => {
      setConfirming(false);
      onNotice({
        isError: false,
        text:
          answer.status === 'inactive'
            ? 'The agent is deactivated: every session of the agent has ended.'
            : 'The agent is active again.',
      });
      await updated(answer);
    },
    onError: (error) => {
      setConfirming(false);
      fail(error);
    },
  });
  const unlock = useSubmit({
    mutationFn: () => unlockStaffAgent(npn),
    onSuccess: async (answer) => {
      onNotice({ isError: false, text: answer.message });
      await updated();
    },
    onError: fail,
  });
  const resend = useSubmit({
    mutationFn: () => resendStaffAgentRegistration(npn),
    onSuccess: async (answer) => {
      onNotice({ isError: false, text: answer.message });
      await updated();
    },
    onError: fail,
  });

  return (
    <Group gap="sm">
      {detail.status === 'active' ? (
        <Button color="red" variant="outline" onClick={() => setConfirming(true)}>
          Deactivate
        </Button>
      ) : (
        <Button onClick={() => setStatus.mutate('active')} loading={setStatus.isPending}>
          Reactivate
        </Button>
      )}
      {detail.lockedUntil && (
        <Button variant="default" onClick={() => unlock.mutate()} loading={unlock.isPending}>
          Unlock
        </Button>
      )}
      {!detail.registered && (
        <Button variant="default" onClick={() => resend.mutate()} loading={resend.isPending}>
          Resend registration link
        </Button>
      )}
      <ConfirmDialog
        opened={isConfirming}
        title="Deactivate this agent?"
        confirmLabel="Deactivate"
        isDanger
        isLoading={setStatus.isPending}
        onConfirm={() => setStatus.mutate('inactive')}
        onCancel={() => setConfirming(false)}
      >
        {`${detail.firstName} ${detail.lastName} (NPN ${npn}) can no longer sign in, and every open session of the agent ends at once. You can reactivate the agent later.`}
      </ConfirmDialog>
    </Group>
  );
}

function TierStateForm({ detail, onNotice }: ActionProps) {
  const { npn } = detail;
  const updated = useAgentUpdated(npn);
  // the values as the agent has them ('' when none yet); the schema passes them as the contract's body
  const form = useForm<{ tier: string; state: string }>({
    mode: 'uncontrolled',
    initialValues: { tier: detail.tier ?? '', state: detail.state ?? '' },
    validate: schemaResolver(contract.UpdateStaffAgentSchema, { sync: true }),
  });
  const save = useSubmit({
    mutationFn: (body: contract.UpdateStaffAgent) => updateStaffAgent(npn, body),
    onSuccess: async (answer) => {
      onNotice({ isError: false, text: 'The tier and state are saved.' });
      form.resetDirty({ tier: answer.tier ?? '', state: answer.state ?? '' });
      await updated(answer);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fieldErrors) {
        form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key, value[0]])));
      }
      onNotice({ isError: true, text: errorMessage(error) });
    },
  });
  return (
    <Section title="Tier and state">
      <form onSubmit={form.onSubmit((values) => save.mutate(values as contract.UpdateStaffAgent))} noValidate>
        <Group align="flex-start" gap="sm">
          <NativeSelect
            label="Tier"
            w={{ base: '100%', xs: 180 }}
            data={[{ value: '', label: 'Choose…', disabled: true }, ...contract.AGENT_TIERS]}
            key={form.key('tier')}
            {...form.getInputProps('tier')}
          />
          <NativeSelect
            label="State"
            w={{ base: '100%', xs: 220 }}
            data={[
              { value: '', label: 'Choose…', disabled: true },
              ...contract.STATES.map((state) => ({ value: state.code, label: `${state.label} (${state.code})` })),
            ]}
            key={form.key('state')}
            {...form.getInputProps('state')}
          />
        </Group>
        <Button type="submit" mt="md" loading={save.isPending}>
          Save tier and state
        </Button>
      </form>
    </Section>
  );
}

import * as contract from '@arc/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import {
  actOnStaffCase,
  CASE_STATUS_COLORS,
  formatCaseTime,
  staffCaseQuery,
  staffCasesKey,
} from '../../api/staff-cases.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import { useSubmit } from '../../api/use-submit.ts';

type Message = { text: string; isError: boolean };

/** What a saved action says, in the contract's words. */
function doneMessage(action: contract.CaseAction, saved: contract.StaffCase): string {
  switch (action.kind) {
    case 'assign':
      return contract.STAFF_CASE_MESSAGES.assigned;
    case 'status':
      return contract.STAFF_CASE_MESSAGES.statusChanged;
    case 'note':
      return contract.STAFF_CASE_MESSAGES.noted;
    case 'reply':
      return saved.thread.at(-1)?.emailedTo
        ? contract.STAFF_CASE_MESSAGES.replied
        : contract.STAFF_CASE_MESSAGES.repliedInPortal;
  }
}

const birthDate = (iso: string) => {
  const [year, month, day] = iso.split('-');
  return `${month}/${day}/${year}`;
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </div>
  );
}

function ThreadEntry({ message }: { message: contract.CaseMessage }) {
  const isReply = message.kind === 'reply';
  return (
    <Paper withBorder p="sm" bg={isReply ? undefined : 'var(--mantine-color-yellow-light)'}>
      <Group gap="xs" mb={4} wrap="wrap">
        <Badge variant={isReply ? 'filled' : 'outline'} color={isReply ? 'blue' : 'dark'}>
          {isReply ? 'Reply to the agent' : 'Internal note'}
        </Badge>
        <Text size="sm" fw={600}>
          {message.author.name}
        </Text>
        <Text size="sm" c="dimmed">
          {formatCaseTime(message.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
      {isReply && (
        <Text size="xs" c="dimmed" mt={4}>
          {message.emailedTo
            ? `E-mailed to ${message.emailedTo}`
            : 'Not e-mailed: the agent reads case replies in the portal only'}
        </Text>
      )}
    </Paper>
  );
}

/** The reply or note form: its text, checked with the contract's schema; the action goes at the case's version. */
function MessageForm({
  kind,
  onSubmit,
  isPending,
}: {
  kind: 'reply' | 'note';
  onSubmit: (text: string, reset: () => void) => void;
  isPending: boolean;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { text: '' },
    validate: schemaResolver(kind === 'reply' ? contract.CaseReplyFormSchema : contract.CaseNoteFormSchema, {
      sync: true,
    }),
  });
  const isReply = kind === 'reply';
  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(values.text.trim(), () => form.reset()))} noValidate>
      <Stack gap="xs">
        <Textarea
          label={isReply ? 'Reply to the agent' : 'Internal note'}
          description={
            isReply
              ? 'E-mailed to the agent and shown on their My cases.'
              : 'For the back office only: never shown to the agent.'
          }
          autosize
          minRows={isReply ? 4 : 2}
          maxRows={14}
          {...form.getInputProps('text')}
        />
        <Group>
          <Button type="submit" variant={isReply ? 'filled' : 'default'} loading={isPending}>
            {isReply ? 'Reply' : 'Add note'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/staff/cases/:id`: one case, its thread, and Assign to me, the status, a reply to the agent, an internal note. */
export default function StaffCasePage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const item = useQuery(staffCaseQuery(id));
  const me = useQuery(currentStaffQuery());
  const [message, setMessage] = useState<Message | null>(null);
  const [status, setStatus] = useState<contract.CaseStatus | null>(null);
  const submit = useSubmit({
    mutationFn: (action: contract.CaseAction) => actOnStaffCase(id, item.data!.version, action),
    onSuccess: (saved) => queryClient.setQueryData(staffCaseQuery(id).queryKey, saved),
    // the list's rows (and, after a refusal, this case at its new version) are read again
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffCasesKey }),
  });
  const act = (action: contract.CaseAction, onDone?: () => void) => {
    setMessage(null);
    submit.mutate(action, {
      onSuccess: (saved) => {
        onDone?.();
        setMessage({ text: doneMessage(action, saved), isError: false });
      },
      onError: (err) => setMessage({ text: errorMessage(err), isError: true }),
    });
  };

  const back = (
    <Anchor component={Link} to={contract.staffPaths.cases} size="sm">
      All cases
    </Anchor>
  );
  if (item.isPending) return <Loader aria-label="Loading the case" />;
  if (item.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {errorMessage(item.error)}
        </Alert>
      </Stack>
    );
  }
  const data = item.data;
  const isMine = !!me.data && data.assignee?.id === me.data.id;
  const chosenStatus = status ?? data.status;
  return (
    <Stack maw={1000}>
      {back}
      <Stack gap={4}>
        <Title order={1}>
          {data.requestType}
          {data.memberName ? ` for ${data.memberName}` : ''}
        </Title>
        <Group gap="xs">
          <Badge color={CASE_STATUS_COLORS[data.status]} variant="filled">
            {data.status}
          </Badge>
          <Text size="sm">{data.assignee ? `Assigned to ${data.assignee.name}` : 'Unassigned'}</Text>
          <Text size="sm" c="dimmed">
            Filed {formatCaseTime(data.createdAt)} · {data.id}
          </Text>
        </Group>
      </Stack>

      <Group align="flex-end" gap="sm" role="group" aria-label="Case actions">
        {!isMine && (
          <Button onClick={() => act({ kind: 'assign' })} loading={submit.isPending}>
            Assign to me
          </Button>
        )}
        <NativeSelect
          label="Status"
          data={contract.CASE_STATUSES}
          value={chosenStatus}
          onChange={(event) => setStatus(event.currentTarget.value as contract.CaseStatus)}
        />
        <Button
          variant="default"
          disabled={chosenStatus === data.status}
          loading={submit.isPending}
          onClick={() => act({ kind: 'status', status: chosenStatus }, () => setStatus(null))}
        >
          Set status
        </Button>
      </Group>
      {message && (
        <Alert
          color={message.isError ? 'red' : 'green'}
          role={message.isError ? 'alert' : 'status'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setMessage(null)}
        >
          {message.text}
        </Alert>
      )}

      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          The case
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Field
            label="Agent"
            value={`${data.agent.firstName} ${data.agent.lastName} (NPN ${data.agent.npn}), ${data.agent.email}`}
          />
          <Field label={contract.CASE_LABELS.requestType} value={data.requestType} />
          <Field label={contract.CASE_LABELS.carrier} value={data.carrier} />
          <Field label={contract.CASE_LABELS.memberName} value={data.memberName} />
          <Field label={contract.CASE_LABELS.memberId} value={data.memberId} />
          <Field label={contract.CASE_LABELS.dateOfBirth} value={birthDate(data.dateOfBirth)} />
          <Field label={contract.CASE_LABELS.memberPhoneNumber} value={data.memberPhoneNumber} />
          <Field label={contract.CASE_LABELS.carrierService} value={data.carrierService} />
        </SimpleGrid>
        <Stack mt="sm">
          <Field label={contract.CASE_LABELS.description} value={data.description} />
        </Stack>
      </Paper>

      <Stack gap="sm">
        <Title order={2} size="h4">
          Thread
        </Title>
        {data.thread.length === 0 && (
          <Text size="sm" c="dimmed">
            No reply or note yet.
          </Text>
        )}
        {data.thread.map((entry) => (
          <ThreadEntry key={entry.id} message={entry} />
        ))}
      </Stack>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MessageForm
          kind="reply"
          isPending={submit.isPending}
          onSubmit={(text, reset) => act({ kind: 'reply', text }, reset)}
        />
        <MessageForm
          kind="note"
          isPending={submit.isPending}
          onSubmit={(text, reset) => act({ kind: 'note', text }, reset)}
        />
      </SimpleGrid>
    </Stack>
  );
}

import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { currentStaffQuery } from '../../api/staff-current.ts';
import {
  createStaffMember,
  disableStaffMember,
  enableStaffMember,
  resetStaffMemberSecondFactor,
  staffMembersQuery,
  updateStaffMemberRole,
} from '../../api/staff-members.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { ROLE_LABELS } from '../../staff/staff-areas.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { formatViewerInstant } from '../../ui/viewer-time.ts';

const formatTime = (at: Date) => formatViewerInstant(at);

/** What the page last issued: the one-time link is shown once (only its hash is kept on the server). */
interface IssuedLink {
  title: string;
  email: string;
  link: string;
  expiresAt: Date;
  /** where the server e-mailed the link */
  emailedTo: string;
}

type PendingAction =
  | { kind: 'disable' | 'reset' | 'enable'; member: contract.StaffMemberRow }
  | { kind: 'role'; member: contract.StaffMemberRow; role: contract.StaffRole };

const roleOptions = contract.STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const CONFIRM_LABELS: Record<PendingAction['kind'], { title: string; confirm: string }> = {
  disable: { title: 'Disable staff member', confirm: 'Disable' },
  reset: { title: 'Reset second factor', confirm: 'Reset second factor' },
  enable: { title: 'Enable staff member', confirm: 'Enable' },
  role: { title: 'Change role', confirm: 'Change role' },
};

/**
 * `/staff/members` (admin): the staff list, Add staff member (a one-time enrolment link, e-mailed to the member and
 * shown once to copy), Change role, Disable, Enable, and Reset second factor (a new enrolment link, e-mailed as well).
 * The server audits each change.
 */
export default function StaffMembersPage() {
  const members = useQuery(staffMembersQuery());
  const me = useQuery(currentStaffQuery());
  const queryClient = useQueryClient();
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffMembersQuery().queryKey });

  const change = useSubmit({
    mutationFn: async (action: PendingAction) => {
      const { id } = action.member;
      switch (action.kind) {
        case 'disable':
          await disableStaffMember(id);
          return null;
        case 'enable':
          await enableStaffMember(id);
          return null;
        case 'role':
          await updateStaffMemberRole(id, { role: action.role });
          return null;
        case 'reset':
          return resetStaffMemberSecondFactor(id);
      }
    },
    onSuccess: async (answer) => {
      setPending(null);
      if (answer) {
        setIssued({
          title: 'Second factor reset',
          email: answer.member.email,
          link: answer.enrolmentLink,
          expiresAt: answer.expiresAt,
          emailedTo: answer.emailedTo,
        });
      }
      await refresh();
    },
  });

  return (
    <Stack maw={1100}>
      <Title order={1}>Staff members</Title>
      {issued && <IssuedLinkAlert issued={issued} onClose={() => setIssued(null)} />}
      <AddStaffMember
        onAdded={async (answer) => {
          setIssued({
            title: 'Staff member added',
            email: answer.member.email,
            link: answer.enrolmentLink,
            expiresAt: answer.expiresAt,
            emailedTo: answer.emailedTo,
          });
          await refresh();
        }}
      />
      {change.isError && <Alert color="red">{errorMessage(change.error)}</Alert>}
      <DataTable
        caption="Staff members"
        hideCaption
        data={members.data?.members}
        error={members.isError ? errorMessage(members.error) : null}
        emptyMessage="No staff members yet."
        getRowId={(member) => member.id}
        paginate={false}
        minWidth={860}
        columns={[
          {
            id: 'email',
            header: 'E-mail',
            cell: (member) => (
              <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                {member.email}
                {member.id === me.data?.id && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    (you)
                  </Text>
                )}
              </Text>
            ),
          },
          { id: 'role', header: 'Role', cell: (member) => ROLE_LABELS[member.role] },
          { id: 'status', header: 'Status', cell: (member) => (member.status === 'active' ? 'Active' : 'Disabled') },
          {
            id: 'factor',
            header: 'Second factor',
            cell: (member) => (member.isEnrolled ? 'Enrolled' : 'Not enrolled'),
          },
          {
            id: 'lastSignIn',
            header: 'Last sign-in',
            noWrap: true,
            cell: (member) => (member.lastSignInAt ? formatTime(member.lastSignInAt) : 'Never'),
          },
          {
            id: 'actions',
            header: 'Actions',
            cell: (member) => (
              <Group gap="xs">
                {member.id !== me.data?.id && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Change role of ${member.email}`}
                    onClick={() => setPending({ kind: 'role', member, role: member.role })}
                  >
                    Change role
                  </Button>
                )}
                {member.status === 'active' && member.id !== me.data?.id && (
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    aria-label={`Disable ${member.email}`}
                    onClick={() => setPending({ kind: 'disable', member })}
                  >
                    Disable
                  </Button>
                )}
                {member.status === 'disabled' && (
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Enable ${member.email}`}
                    onClick={() => setPending({ kind: 'enable', member })}
                  >
                    Enable
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Reset second factor of ${member.email}`}
                  onClick={() => setPending({ kind: 'reset', member })}
                >
                  Reset second factor
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? CONFIRM_LABELS[pending.kind].title : ''}
        confirmLabel={pending ? CONFIRM_LABELS[pending.kind].confirm : 'OK'}
        isDanger={pending?.kind === 'disable' || pending?.kind === 'reset'}
        isLoading={change.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          // the same role again changes nothing
          if (pending.kind === 'role' && pending.role === pending.member.role) setPending(null);
          else change.mutate(pending);
        }}
      >
        {pending && <ConfirmText pending={pending} onRole={(role) => setPending({ ...pending, kind: 'role', role })} />}
      </ConfirmDialog>
    </Stack>
  );
}

function ConfirmText({ pending, onRole }: { pending: PendingAction; onRole: (role: contract.StaffRole) => void }) {
  const { email } = pending.member;
  switch (pending.kind) {
    case 'disable':
      return `${email} can no longer sign in, and every session of theirs ends now.`;
    case 'enable':
      return `${email} can sign in again with their password and second factor.`;
    case 'reset':
      return (
        `${email} loses their password and second factor, every session of theirs ends, and a new enrolment link ` +
        'is made for them and e-mailed to them. A disabled account is active again after it.'
      );
    case 'role':
      return (
        <Stack gap="sm">
          <Text size="sm">
            The role decides what {email} can see and do in the back office. Their sessions stay open: their next action
            uses the new role.
          </Text>
          <NativeSelect
            label="New role"
            data={roleOptions}
            value={pending.role}
            onChange={(event) => onRole(event.currentTarget.value as contract.StaffRole)}
          />
        </Stack>
      );
  }
}

function AddStaffMember({ onAdded }: { onAdded: (answer: contract.StaffEnrolmentIssued) => Promise<void> }) {
  const form = useForm<contract.CreateStaffMember>({
    mode: 'uncontrolled',
    initialValues: { email: '', role: 'support' },
    validate: schemaResolver(contract.CreateStaffMemberSchema, { sync: true }),
  });
  const submit = useSubmit({
    mutationFn: createStaffMember,
    onSuccess: async (answer) => {
      form.reset();
      await onAdded(answer);
    },
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit((values) => submit.mutate(values))} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add staff member
          </Title>
          {submit.isError && <Alert color="red">{errorMessage(submit.error)}</Alert>}
          <Group align="flex-start" gap="sm">
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="off"
              style={{ flex: '1 1 240px' }}
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <NativeSelect
              label="Role"
              data={roleOptions}
              style={{ flex: '0 1 180px' }}
              key={form.key('role')}
              {...form.getInputProps('role')}
            />
          </Group>
          <Group>
            <Button type="submit" loading={submit.isPending}>
              Add staff member
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function IssuedLinkAlert({ issued, onClose }: { issued: IssuedLink; onClose: () => void }) {
  return (
    <Alert color="green" title={issued.title} withCloseButton closeButtonLabel="Close" onClose={onClose}>
      <Stack gap="xs">
        <Text size="sm">
          The one-time enrolment link for {issued.email} sets their password and second factor. It works once, until{' '}
          {formatTime(issued.expiresAt)}, and is not shown here again.
        </Text>
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Enrolment link">
          {issued.link}
        </Code>
        <Text size="sm" fw={500}>
          Sent to {issued.emailedTo}
        </Text>
        <Group>
          <CopyButton value={issued.link}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}

import * as contract from '@arc/contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconBell, IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { saveFile } from '../../api/files.ts';
import {
  formatTermsTime,
  remindTermsNotAccepted,
  staffTermsKey,
  termsNotAcceptedQuery,
} from '../../api/staff-terms.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { selectionColumn } from '../../ui/data-table-selection.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload } from '../../ui/download.tsx';
import { useQueueState } from '../../ui/use-queue-state.ts';

type Row = contract.TermsNotAcceptedRow;
const rowId = (row: Row) => row.npn;

const COLUMNS: readonly DataTableColumn<Row>[] = [
  {
    id: 'agent',
    header: 'Agent',
    cell: (row) => (
      <>
        {row.name}
        <Text size="xs" c="dimmed">
          NPN {row.npn}
        </Text>
      </>
    ),
  },
  {
    id: 'email',
    header: 'E-mail',
    cell: (row) => (
      <Text inherit component="span" style={{ overflowWrap: 'anywhere' }}>
        {row.email}
      </Text>
    ),
  },
  {
    id: 'signIn',
    header: 'Last sign-in',
    noWrap: true,
    cell: (row) => (row.lastSignInAt ? formatTermsTime(row.lastSignInAt) : 'Not recorded'),
  },
  {
    id: 'reminded',
    header: 'Last reminded',
    noWrap: true,
    cell: (row) => (row.remindedAt ? formatTermsTime(row.remindedAt) : 'Never'),
  },
];

/**
 * The active agents who have not accepted the version in force (issue 47): searched and paged on the server, the
 * count, the export, and a reminder to one agent, the selection or everyone (after a confirmation); an agent reminded
 * in the last 24 hours is skipped, and the answer says how many.
 */
export function NotAcceptedPanel() {
  const queue = useQueueState(contract.TermsNotAcceptedQuerySchema);
  const { q, page } = queue.query;
  const list = useQuery(termsNotAcceptedQuery({ q, page }));
  const queryClient = useQueryClient();
  const download = useDownload();
  const [message, setMessage] = useState<{ text: string; isError: boolean } | null>(null);
  const [isConfirmingAll, setConfirmingAll] = useState(false);

  const rows = list.data?.rows ?? [];
  const version = list.data?.version;
  const selection = rows.filter((row) => queue.selected.has(rowId(row)));
  const remind = useSubmit({
    mutationFn: (body: contract.RemindTerms) => remindTermsNotAccepted(body),
    onSuccess: async (result) => {
      setConfirmingAll(false);
      setMessage({ text: result.message, isError: false });
      queue.setSelected([]);
      await queryClient.invalidateQueries({ queryKey: [...staffTermsKey, 'not-accepted'] });
    },
    onError: (err) => {
      setConfirmingAll(false);
      setMessage({ text: errorMessage(err), isError: true });
    },
  });
  const send = (body: contract.RemindTerms) => {
    setMessage(null);
    remind.mutate(body);
  };
  const isBusy = remind.isPending || list.isPlaceholderData;
  // the count without a search: everyone a "Remind everyone" reaches
  const everyone = useQuery({ ...termsNotAcceptedQuery({ q: undefined, page: 1 }), enabled: q !== undefined });
  const everyoneTotal = q === undefined ? list.data?.total : everyone.data?.total;

  return (
    <Stack gap="sm">
      {list.data &&
        (version ? (
          <Text fw={600}>
            {contract.termsNotAcceptedCount(list.data.total, version.id)}
            {q ? ` matching “${q}”` : ''}
          </Text>
        ) : (
          <Text fw={600}>{contract.STAFF_TERMS_REMINDER_MESSAGES.noVersion}</Text>
        ))}
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="NPN, name or e-mail"
          w={{ base: '100%', xs: 280 }}
          {...queue.searchBox}
        />
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden="true" />}
          loading={download.isDownloading}
          disabled={!version}
          onClick={() =>
            version &&
            void download.run((onProgress) =>
              saveFile(contract.exportTermsNotAccepted, {
                token: staffAccessToken,
                query: { q },
                fileName: contract.termsNotAcceptedFileName(version.id),
                onProgress,
              }),
            )
          }
        >
          Export .xlsx
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap" role="group" aria-label="Reminders">
        <Text size="sm" fw={600} mr="xs" aria-live="polite">
          {selection.length} selected
        </Text>
        <Button
          size="xs"
          leftSection={<IconBell size={14} aria-hidden="true" />}
          disabled={selection.length === 0 || isBusy}
          loading={remind.isPending && !isConfirmingAll}
          onClick={() => send({ to: 'selected', npns: selection.map(rowId) })}
        >
          Send a reminder to the selected
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!version || !everyoneTotal || isBusy}
          onClick={() => {
            setMessage(null);
            setConfirmingAll(true);
          }}
        >
          Send a reminder to everyone
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        A reminder is a notification in the portal and an e-mail asking the agent to sign in and accept the terms. An
        agent is reminded at most once in {contract.TERMS_REMINDER_INTERVAL_HOURS} hours.
      </Text>
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
      <DataTable
        caption="Agents who have not accepted"
        hideCaption
        columns={[
          selectionColumn({
            rows,
            getRowId: rowId,
            selected: queue.selected,
            onChange: queue.setSelected,
            rowLabel: (row) => `Select ${row.name}`,
            allLabel: 'Select every agent on this page',
          }),
          ...COLUMNS,
        ]}
        data={list.data?.rows}
        getRowId={rowId}
        server={{
          total: list.data?.total ?? 0,
          page,
          pageSize: list.data?.pageSize ?? contract.TERMS_NOT_ACCEPTED_PAGE_SIZE,
          onPageChange: queue.setPage,
        }}
        isLoading={list.isPending || list.isPlaceholderData}
        error={list.isError ? errorMessage(list.error) : null}
        onRetry={() => void list.refetch()}
        emptyMessage={q ? 'No agent matches this search.' : 'Every active agent has accepted the version in force.'}
        minWidth={760}
      />
      <ConfirmDialog
        opened={isConfirmingAll}
        title="Remind everyone who has not accepted?"
        confirmLabel="Send the reminders"
        isLoading={remind.isPending}
        onConfirm={() => send({ to: 'all' })}
        onCancel={() => setConfirmingAll(false)}
      >
        {version
          ? `${contract.termsNotAcceptedCount(everyoneTotal ?? 0, version.id)}. Each gets a notification in the portal and an e-mail, except those reminded in the last ${contract.TERMS_REMINDER_INTERVAL_HOURS} hours.`
          : ''}
      </ConfirmDialog>
      {download.element}
    </Stack>
  );
}

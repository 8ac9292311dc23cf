import type * as contract from '@arc/contract';
import { Alert, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { retryStaffJob, staffJobsKey, staffJobsQuery } from '../../api/staff-jobs.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { formatViewerInstant } from '../../ui/viewer-time.ts';

type JobKind = contract.StaffJobKind;

const formatTime = (at: Date) => formatViewerInstant(at);

/** What the row's button does: retry the last failed run, or run a schedule now; a kind run for added jobs with
 * nothing failed has none. */
const actionOf = (kind: JobKind): 'Retry' | 'Run now' | null =>
  kind.failures > 0 ? 'Retry' : kind.schedule ? 'Run now' : null;

/**
 * `/staff/jobs` (admin): every background and scheduled job kind, with its schedule, last run, next run and
 * failures; Retry queues the last failed run again, Run now sends a schedule's job at once.
 */
export default function StaffJobsPage() {
  const jobs = useQuery(staffJobsQuery());
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const retry = useSubmit({
    mutationFn: (kind: JobKind) => retryStaffJob(kind.name),
    onSuccess: async (answer, kind) => {
      setDone(
        answer.outcome === 'retried' ? `${kind.label}: the failed run is queued again.` : `${kind.label}: started.`,
      );
      await queryClient.invalidateQueries({ queryKey: staffJobsKey });
    },
  });

  const columns: DataTableColumn<JobKind>[] = [
    {
      id: 'job',
      header: 'Job',
      value: (kind) => kind.label,
      cell: (kind) => (
        <>
          <Text size="sm">{kind.label}</Text>
          <Text size="xs" c="dimmed">
            {kind.name}
          </Text>
        </>
      ),
    },
    {
      id: 'schedule',
      header: 'Schedule',
      value: (kind) => kind.schedule?.description ?? 'When the app adds one',
    },
    {
      id: 'last',
      header: 'Last run',
      value: (kind) => kind.lastRun?.at ?? null,
      cell: (kind) =>
        kind.lastRun ? (
          <>
            <Text size="sm">{formatTime(kind.lastRun.at)}</Text>
            <Badge color={kind.lastRun.ok ? 'teal.9' : 'red.9'} variant="filled" size="sm">
              {kind.lastRun.ok ? 'Completed' : 'Failed'}
            </Badge>
          </>
        ) : (
          'Not yet'
        ),
      noWrap: true,
    },
    {
      id: 'next',
      header: 'Next run',
      value: (kind) => kind.nextRunAt,
      cell: (kind) => (kind.nextRunAt ? formatTime(kind.nextRunAt) : '—'),
      noWrap: true,
    },
    {
      id: 'failures',
      header: 'Failures (7 days)',
      value: (kind) => kind.failures,
      cell: (kind) =>
        kind.lastFailure ? (
          <>
            <Text size="sm">{kind.failures}</Text>
            <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {formatTime(kind.lastFailure.at)}: {kind.lastFailure.message}
            </Text>
          </>
        ) : (
          kind.failures
        ),
    },
    {
      id: 'state',
      header: 'Waiting / running',
      value: (kind) => `${kind.queued} / ${kind.running}`,
      sortable: false,
      noWrap: true,
    },
    {
      id: 'action',
      header: 'Action',
      value: (kind) => actionOf(kind),
      sortable: false,
      cell: (kind) => {
        const action = actionOf(kind);
        if (!action) return null;
        return (
          <Button
            size="xs"
            variant="default"
            aria-label={`${action}: ${kind.label}`}
            loading={retry.isPending && retry.variables?.name === kind.name}
            onClick={() => {
              setDone(null);
              retry.mutate(kind);
            }}
          >
            {action}
          </Button>
        );
      },
    },
  ];

  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1}>Jobs</Title>
      <Text>
        The purges, the weekly digest and the work the app does after an answer (imports, e-mails). Each runs on one
        server; a failed run is kept for a week.
      </Text>
      {done && (
        <Alert color="green" role="status" withCloseButton closeButtonLabel="Dismiss" onClose={() => setDone(null)}>
          {done}
        </Alert>
      )}
      {retry.isError && <Alert color="red">{errorMessage(retry.error)}</Alert>}
      <Paper p="md">
        <DataTable
          caption="Job kinds"
          data={jobs.data?.kinds}
          columns={columns}
          getRowId={(kind) => kind.name}
          isLoading={jobs.isPending}
          error={jobs.isError ? errorMessage(jobs.error) : null}
          onRetry={() => void jobs.refetch()}
          initialSort={{ id: 'job' }}
          paginate={false}
          minWidth={960}
          emptyMessage="No job kinds."
        />
      </Paper>
    </Stack>
  );
}

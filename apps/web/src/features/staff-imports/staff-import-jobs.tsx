import * as contract from '@arc/contract';
import {
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { saveFile } from '../../api/files.ts';
import { formatBytes } from '../../api/staff-import-kinds.ts';
import { startImportJob, staffImportJobsKey, staffImportJobsQuery } from '../../api/staff-imports.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { staffAccessToken } from '../../auth/staff-session.ts';
import { StatusWord } from '../../ui/agent-status-badge.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { formatViewerInstant } from '../../ui/viewer-time.ts';

const STATUS_VIEW: Record<contract.ImportJobStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray.7' },
  running: { label: 'Running', color: 'blue.8' },
  done: { label: 'Done', color: 'green.7' },
  failed: { label: 'Failed', color: 'red.8' },
};
const kindLabel = (kind: contract.ImportJobKind) =>
  contract.IMPORT_JOB_KINDS.find((k) => k.kind === kind)?.label ?? kind;
const rowsText = (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`;

/**
 * The imports that run as background jobs (docs/decisions/imports-and-jobs.md): the T65 prospect list, the MA
 * landscape, and large files of the CSV kinds. Starting one uploads the file and queues it; the list shows each job's
 * progress (read again every second while one runs) and its report of rejected lines.
 */
export function StaffImportJobs() {
  const queryClient = useQueryClient();
  const jobs = useQuery(staffImportJobsQuery());
  const [kind, setKind] = useState<contract.ImportJobKind>('t65');
  const [year, setYear] = useState(String(new Date().getFullYear() + 1));
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = useSubmit({
    mutationFn: startImportJob,
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: staffImportJobsKey });
    },
    onError: (error) => setFailure(errorMessage(error)),
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="import-jobs-title">
      <Stack>
        <Title order={2} size="h3" id="import-jobs-title">
          Background imports
        </Title>
        <Text size="sm">
          The T65 prospect list, the MA landscape, and CSV files over {formatBytes(contract.IMPORT_JOB_THRESHOLD_BYTES)}{' '}
          are imported in the background: the file is uploaded, then one server loads it and reports its progress here.
          Agents see the old data until the new data is complete.
        </Text>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label="Import"
            w={{ base: '100%', xs: 220 }}
            data={contract.IMPORT_JOB_KINDS.map((item) => ({ value: item.kind, label: item.label }))}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as contract.ImportJobKind)}
          />
          {kind === 'landscape' && (
            <TextInput
              label="Contract year"
              w={120}
              inputMode="numeric"
              value={year}
              onChange={(event) => setYear(event.currentTarget.value)}
            />
          )}
          <FileButton accept=".csv,text/csv" onChange={setFile}>
            {(props) => (
              <Button variant="default" {...props}>
                {file ? 'Choose another file' : 'Choose a file'}
              </Button>
            )}
          </FileButton>
          <Button disabled={!file} loading={start.isPending} onClick={() => file && start.mutate({ file, kind, year })}>
            Start import
          </Button>
        </Group>
        <Text size="sm" c={file ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {file ? `${file.name} · ${formatBytes(file.size)}` : 'No file chosen'}
        </Text>
        {failure && (
          <Alert color="red" title="Not started" role="alert">
            {failure}
          </Alert>
        )}
        {jobs.isError && (
          <Alert color="red" role="alert">
            {errorMessage(jobs.error)}
          </Alert>
        )}
        {jobs.data && jobs.data.jobs.length === 0 && <Text size="sm">No background import yet.</Text>}
        {jobs.data && jobs.data.jobs.length > 0 && <JobsTable jobs={jobs.data.jobs} />}
      </Stack>
    </Paper>
  );
}

function JobsTable({ jobs }: { jobs: contract.ImportJob[] }) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <DataTable
        caption="Background imports"
        hideCaption
        regionLabel="Background imports: the table"
        data={jobs}
        getRowId={(job) => job.id}
        paginate={false}
        minWidth={720}
        columns={[
          { id: 'import', header: 'Import', cell: (job) => kindLabel(job.kind) },
          {
            id: 'file',
            header: 'File',
            cell: (job) => (
              <Text span inherit miw={150} display="block" style={{ overflowWrap: 'break-word' }}>
                {job.fileName}
                <Text size="xs" c="dimmed">
                  {formatBytes(job.fileBytes)}
                </Text>
              </Text>
            ),
          },
          {
            id: 'started',
            header: 'Started',
            cell: (job) => (
              <>
                {job.startedBy ?? '—'}
                <Text size="xs" c="dimmed">
                  {formatViewerInstant(job.createdAt)}
                </Text>
              </>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (job) => <StatusWord label={STATUS_VIEW[job.status].label} color={STATUS_VIEW[job.status].color} />,
          },
          {
            id: 'progress',
            header: 'Progress',
            cell: (job) => {
              const percent =
                job.status === 'done' ? 100 : job.fileBytes > 0 ? Math.floor((job.bytesRead / job.fileBytes) * 100) : 0;
              return (
                <Box miw={180}>
                  <Progress
                    value={percent}
                    color={job.status === 'failed' ? 'red.8' : 'blue.8'}
                    aria-label={`${kindLabel(job.kind)} ${job.fileName}: ${percent}% read`}
                  />
                  <Text size="xs" mt={4}>
                    {rowsText(job.rowsRead)} read · {job.rowsRejected.toLocaleString('en-US')} rejected
                  </Text>
                  {job.error && (
                    <Text size="xs" c="red.9">
                      {job.error}
                    </Text>
                  )}
                </Box>
              );
            },
          },
          {
            id: 'report',
            header: 'Report',
            cell: (job) =>
              job.hasReport ? (
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={`Download the rejected lines of ${job.fileName}`}
                  onClick={() => {
                    setFailure(null);
                    saveFile(contract.downloadImportJobReport, {
                      token: staffAccessToken,
                      params: { id: job.id },
                      fileName: 'rejected lines.csv',
                    }).catch((error: unknown) => setFailure(errorMessage(error)));
                  }}
                >
                  Rejected lines
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </>
  );
}

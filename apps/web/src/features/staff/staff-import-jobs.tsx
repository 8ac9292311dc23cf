import * as contract from '@arc/contract';
import {
  Alert,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Table,
  TableScrollContainer,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { formatViewerInstant } from '../../ui/viewer-time.ts';
import { StatusWord } from './agent-status-badge.tsx';
import { staffDownload, staffFetch } from './staff-api.ts';
import { formatBytes } from './staff-import-kinds.ts';

const jobsKey = ['staff', 'import-jobs'] as const;
/** While a job is queued or running, the list is read again this often. */
const RUNNING_REFRESH_MS = 1000;

const importJobsQuery = () => ({
  queryKey: jobsKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => staffFetch(contract.listImportJobs, { signal }),
  refetchInterval: (query: { state: { data?: { jobs: contract.ImportJob[] } } }) =>
    query.state.data?.jobs.some((job) => job.status === 'queued' || job.status === 'running')
      ? RUNNING_REFRESH_MS
      : false,
});

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
  const jobs = useQuery(importJobsQuery());
  const [kind, setKind] = useState<contract.ImportJobKind>('t65');
  const [year, setYear] = useState(String(new Date().getFullYear() + 1));
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = useSubmit({
    mutationFn: async (upload: { file: File; kind: contract.ImportJobKind; year: string }) => {
      const formData = new FormData();
      formData.append(contract.IMPORT_JOB_UPLOAD_FIELD, upload.file);
      return staffFetch(contract.startImportJob, {
        params: { kind: upload.kind },
        query: upload.kind === 'landscape' ? { year: upload.year } : {},
        formData,
      });
    },
    onMutate: () => setFailure(null),
    onSuccess: async () => {
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: jobsKey });
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
      <TableScrollContainer minWidth={720} type="native">
        <Table striped captionSide="top" aria-label="Background imports">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Import</Table.Th>
              <Table.Th scope="col">File</Table.Th>
              <Table.Th scope="col">Started</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
              <Table.Th scope="col">Progress</Table.Th>
              <Table.Th scope="col">Report</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.map((job) => {
              const status = STATUS_VIEW[job.status];
              const percent =
                job.status === 'done' ? 100 : job.fileBytes > 0 ? Math.floor((job.bytesRead / job.fileBytes) * 100) : 0;
              return (
                <Table.Tr key={job.id} data-job-id={job.id}>
                  <Table.Td>{kindLabel(job.kind)}</Table.Td>
                  <Table.Td miw={150} style={{ overflowWrap: 'break-word' }}>
                    {job.fileName}
                    <Text size="xs" c="dimmed">
                      {formatBytes(job.fileBytes)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {job.startedBy ?? '—'}
                    <Text size="xs" c="dimmed">
                      {formatViewerInstant(job.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusWord label={status.label} color={status.color} />
                  </Table.Td>
                  <Table.Td miw={180}>
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
                  </Table.Td>
                  <Table.Td>
                    {job.hasReport ? (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={`Download the rejected lines of ${job.fileName}`}
                        onClick={() => {
                          setFailure(null);
                          staffDownload(
                            contract.downloadImportJobReport,
                            { params: { id: job.id } },
                            'rejected lines.csv',
                          ).catch((error: unknown) => setFailure(errorMessage(error)));
                        }}
                      >
                        Rejected lines
                      </Button>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </TableScrollContainer>
    </>
  );
}

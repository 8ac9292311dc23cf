import { Alert, Anchor, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../api/client.ts';
import { formatBytes } from '../api/staff-import-kinds.ts';
import { useSubmit } from '../api/use-submit.ts';
import { DataTable, type DataTableColumn } from './data-table.tsx';

/** What every dry-run report of an uploaded file carries: the bytes' hash and the count of rejected lines. */
export interface DryRunReport {
  sha256: string;
  counts: { rejected: number };
}

const CHANGED_SINCE = 'The file changed since the preview: preview it again.';

/** The file's SHA-256 (hex) as the server reports it, or null where the browser cannot hash (plain HTTP). */
async function fileSha256(file: File): Promise<string | null> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

export interface DryRunUploadOptions<U extends { file: File }, R extends DryRunReport> {
  /** one call: a dry run (nothing written) or the real one */
  send: (upload: U, dryRun: boolean) => Promise<R>;
  /** the failure shown when the real call finds a rejected line (422) the preview did not: a new preview follows */
  rejectedAtApply: string;
}

/**
 * The back office's preview-then-apply flow of an uploaded file (imports, commission statements): **Preview** sends
 * a dry run; the real call (Apply, Publish) sends the bytes previewed — a file edited on disk since is refused before
 * it leaves — and a 422 at that point (the data changed since the preview: nothing was written) runs a new preview
 * that shows the lines and their reasons. Each call runs once at a time (`useSubmit`).
 */
export function useDryRunUpload<U extends { file: File }, R extends DryRunReport>({
  send,
  rejectedAtApply,
}: DryRunUploadOptions<U, R>) {
  const [preview, setPreview] = useState<{ upload: U; report: R } | null>(null);
  const [result, setResult] = useState<R | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const runPreview = useSubmit({
    mutationFn: (upload: U) => send(upload, true),
    onMutate: () => {
      setPreview(null);
      setResult(null);
    },
    onSuccess: (report, upload) => setPreview({ upload, report }),
    onError: (error) => setFailure(errorMessage(error)),
  });
  const runApply = useSubmit({
    mutationFn: async (upload: U) => {
      const sha256 = await fileSha256(upload.file);
      if (preview && sha256 !== null && sha256 !== preview.report.sha256) throw new Error(CHANGED_SINCE);
      return send(upload, false);
    },
    onMutate: () => setFailure(null),
    onSuccess: (report) => {
      setPreview(null);
      setResult(report);
    },
    onError: (error, upload) => {
      if (error instanceof ApiError && error.status === 422) {
        setFailure(rejectedAtApply);
        runPreview.mutate(upload);
        return;
      }
      if (error instanceof Error && error.message === CHANGED_SINCE) setPreview(null);
      setFailure(errorMessage(error));
    },
  });

  return {
    preview,
    result,
    failure,
    /** a new file or option: the preview, the result and the failure no longer apply */
    reset: () => {
      setPreview(null);
      setResult(null);
      setFailure(null);
    },
    /** an option changed: the preview and the result no longer apply (a failure stays until the next call) */
    forgetPreview: () => {
      setPreview(null);
      setResult(null);
    },
    runPreview: (upload: U) => {
      setFailure(null);
      runPreview.mutate(upload);
    },
    isPreviewing: runPreview.isPending,
    /** the real call with the upload previewed */
    apply: () => {
      if (preview) runApply.mutate(preview.upload);
    },
    isApplying: runApply.isPending,
    /** the preview shows no rejected line and no call runs: `isCurrent` says the preview is of what the form holds */
    canApply: (isCurrent: (upload: U) => boolean) =>
      preview !== null && isCurrent(preview.upload) && preview.report.counts.rejected === 0 && !runApply.isPending,
  };
}

const REJECTED_COLUMNS: readonly DataTableColumn<{ line: number; reason: string }>[] = [
  { id: 'line', header: 'Line', noWrap: true, cell: (line) => line.line },
  { id: 'reason', header: 'Reason', cell: (line) => line.reason },
];

export interface UploadReportProps {
  /** Preview, Imported, Published: the section's heading and accessible name */
  title: string;
  /** the figures, as [label, value] tiles */
  tiles: readonly (readonly [string, string])[];
  /** the rejected lines with their reasons, and how many there are in all (the report may list fewer) */
  rejected: readonly { line: number; reason: string }[];
  rejectedCount: number;
  sha256: string;
  /** what happened or what will (an Alert), above the figures */
  children: ReactNode;
  /** more of the report below the rejected lines */
  details?: ReactNode;
}

/** One report of a previewed or applied file: its message, its figures, the rejected lines and the bytes' hash. */
export function UploadReport({ title, tiles, rejected, rejectedCount, sha256, children, details }: UploadReportProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
        <SimpleGrid cols={{ base: 2, xs: tiles.length }} spacing="sm">
          {tiles.map(([label, value]) => (
            <Paper key={label} withBorder p="xs" ta="center">
              <Text size="lg" fw={700}>
                {value}
              </Text>
              <Text size="sm">{label}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        {rejected.length > 0 && (
          <DataTable
            caption={`Rejected lines (${rejectedCount.toLocaleString('en-US')})`}
            data={rejected}
            getRowId={(line) => String(line.line)}
            paginate={false}
            minWidth={420}
            columns={REJECTED_COLUMNS}
          />
        )}
        {details}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          SHA-256 {sha256}
        </Text>
      </Stack>
    </Paper>
  );
}

export interface UploadFormatProps {
  /** the section's heading */
  title: string;
  columns: readonly string[];
  /** what a line holds and its rules */
  help: ReactNode;
  maxBytes: number;
  uploadField: string;
  route: { method: string; path: string };
  sample: { csv: string; fileName: string };
}

/** The format of an upload: its columns, its rules, its size limit, the call that takes it and a sample file. */
export function UploadFormat({ title, columns, help, maxBytes, uploadField, route, sample }: UploadFormatProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label="File format">
      <Stack gap="xs">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm">
          A CSV file (UTF-8, comma-separated) with a header line naming these columns:{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>{columns.join(',')}</Code>
        </Text>
        <Text size="sm">{help}</Text>
        <Text size="sm">
          At most {formatBytes(maxBytes)}, sent as the multipart part <Code>{uploadField}</Code> of{' '}
          <Code>
            {route.method} {route.path}
          </Code>{' '}
          (<Code>?dryRun=true</Code> previews it).
        </Text>
        <Anchor
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(sample.csv)}`}
          download={sample.fileName}
          size="sm"
        >
          Download a sample CSV
        </Anchor>
      </Stack>
    </Paper>
  );
}

export interface UploadActionsProps {
  /** Apply, Publish */
  applyLabel: string;
  /** Not imported, Not published: the failure's title */
  failureTitle: string;
  /** the flow whose calls the buttons run and whose failure shows */
  upload: Pick<ReturnType<typeof useDryRunUpload>, 'failure' | 'isPreviewing' | 'isApplying'>;
  /** a file is chosen and within its size */
  canPreview: boolean;
  onPreview: () => void;
  canApply: boolean;
  onApply: () => void;
}

/** Preview and the real call's button, and the failure of either in the page's words. */
export function UploadActions(props: UploadActionsProps) {
  return (
    <>
      <Group>
        <Button
          variant="default"
          disabled={!props.canPreview}
          loading={props.upload.isPreviewing}
          onClick={props.onPreview}
        >
          Preview
        </Button>
        <Button disabled={!props.canApply} loading={props.upload.isApplying} onClick={props.onApply}>
          {props.applyLabel}
        </Button>
      </Group>
      {props.upload.failure && (
        <Alert color="red" title={props.failureTitle} role="alert">
          {props.upload.failure}
        </Alert>
      )}
    </>
  );
}

/**
 * What a preview allows: nothing while a line is rejected (`verb`: applied, published), else what the real call will
 * do.
 */
export function PreviewNotice({ rejected, verb, children }: { rejected: number; verb: string; children: ReactNode }) {
  return rejected > 0 ? (
    <Alert color="orange" role="status">
      Nothing can be {verb} while a line is rejected: correct the file and preview it again.
    </Alert>
  ) : (
    <Alert color="blue" role="status">
      {children}
    </Alert>
  );
}

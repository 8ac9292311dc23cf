import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import {
  formatBytes,
  IMPORT_KIND_VIEWS,
  sampleCsv,
  type ImportKindView,
  type ImportReportView,
} from '../../api/staff-import-kinds.ts';
import { sendImport } from '../../api/staff-imports.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { CsvFileField } from '../../ui/csv-file-field.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { StaffImportJobs } from './staff-import-jobs.tsx';

/** The file's SHA-256 (hex) as the server reports it, or null where the browser cannot hash (plain HTTP). */
async function fileSha256(file: File): Promise<string | null> {
  try {
    const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  } catch {
    return null;
  }
}

const CHANGED_SINCE = 'The file changed since the preview: preview it again.';
const REJECTED_AT_APPLY = 'Nothing was imported: a line is rejected now. The new preview below shows why.';

interface Upload {
  file: File;
  options: Record<string, boolean>;
}

/**
 * `/staff/imports`: a kind, a file, a dry-run **Preview** (the counts, the new and changed lines with their
 * changes, the rejected lines with their reasons), then **Apply** (all lines or none) once the preview has no
 * rejected line and the file is the one previewed; the format of each kind with a sample file.
 */
export default function StaffImportsPage() {
  const [kindName, setKindName] = useState<string>(IMPORT_KIND_VIEWS[0]!.kind);
  const kind = IMPORT_KIND_VIEWS.find((item) => item.kind === kindName) ?? IMPORT_KIND_VIEWS[0]!;
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<Record<string, boolean>>({});
  const [preview, setPreview] = useState<{ upload: Upload; report: ImportReportView } | null>(null);
  const [result, setResult] = useState<ImportReportView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setPreview(null);
    setResult(null);
    setFailure(null);
  };
  const isTooLarge = file !== null && file.size > kind.maxBytes;

  const runPreview = useSubmit({
    mutationFn: (upload: Upload) => sendImport(kind, upload, true),
    onMutate: () => {
      setPreview(null);
      setResult(null);
    },
    onSuccess: (report, upload) => setPreview({ upload, report }),
    onError: (error) => setFailure(errorMessage(error)),
  });
  const runApply = useSubmit({
    mutationFn: async (upload: Upload) => {
      // the bytes sent are the bytes previewed (a file edited on disk since is previewed again)
      const sha256 = await fileSha256(upload.file);
      if (preview && sha256 !== null && sha256 !== preview.report.sha256) throw new Error(CHANGED_SINCE);
      return sendImport(kind, upload, false);
    },
    onMutate: () => setFailure(null),
    onSuccess: (report) => {
      setPreview(null);
      setResult(report);
    },
    onError: (error, upload) => {
      if (error instanceof ApiError && error.status === 422) {
        // a line was rejected at the apply (the data changed since the preview) and nothing was written: a new
        // preview shows the lines and their reasons
        setFailure(REJECTED_AT_APPLY);
        runPreview.mutate(upload);
        return;
      }
      if (error instanceof Error && error.message === CHANGED_SINCE) setPreview(null);
      setFailure(errorMessage(error));
    },
  });

  const isPreviewCurrent =
    preview !== null &&
    preview.upload.file === file &&
    kind.options.every((option) => Boolean(preview.upload.options[option.param]) === Boolean(options[option.param]));
  const canApply = isPreviewCurrent && preview.report.counts.rejected === 0 && !runApply.isPending;

  return (
    <Stack maw={960}>
      <Title order={1}>Import</Title>
      <Paper withBorder p="md">
        <Stack>
          <NativeSelect
            label="Kind"
            w={{ base: '100%', xs: 280 }}
            data={IMPORT_KIND_VIEWS.map((item) => ({ value: item.kind, label: item.label }))}
            value={kind.kind}
            onChange={(event) => {
              setKindName(event.currentTarget.value);
              setOptions({});
              reset();
            }}
          />
          <CsvFileField
            label="CSV file"
            file={file}
            maxBytes={kind.maxBytes}
            onChange={(next) => {
              setFile(next);
              reset();
            }}
          />
          {kind.options.map((option) => (
            <Checkbox
              key={option.param}
              label={option.label}
              description={option.description}
              checked={options[option.param] ?? false}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setOptions((current) => ({ ...current, [option.param]: checked }));
                setPreview(null);
                setResult(null);
              }}
            />
          ))}
          <Group>
            <Button
              variant="default"
              disabled={!file || isTooLarge}
              loading={runPreview.isPending}
              onClick={() => {
                if (!file) return;
                setFailure(null);
                runPreview.mutate({ file, options });
              }}
            >
              Preview
            </Button>
            <Button
              disabled={!canApply}
              loading={runApply.isPending}
              onClick={() => preview && runApply.mutate(preview.upload)}
            >
              Apply
            </Button>
          </Group>
          {failure && (
            <Alert color="red" title="Not imported" role="alert">
              {failure}
            </Alert>
          )}
        </Stack>
      </Paper>

      {result && (
        <ReportSection title="Imported" report={result}>
          <Alert color="green" role="status">
            The file was applied: {result.counts.new} new, {result.counts.changed} changed
            {result.counts.missing !== undefined && options.deactivateMissing
              ? `, ${result.counts.missing} deactivated`
              : ''}
            .
          </Alert>
        </ReportSection>
      )}
      {preview && !result && (
        <ReportSection title="Preview" report={preview.report}>
          {preview.report.counts.rejected > 0 ? (
            <Alert color="orange" role="status">
              Nothing can be applied while a line is rejected: correct the file and preview it again.
            </Alert>
          ) : (
            <Alert color="blue" role="status">
              Nothing is written yet. Apply writes every line at once.
            </Alert>
          )}
        </ReportSection>
      )}

      <StaffImportJobs />

      <FormatHelp kind={kind} />
    </Stack>
  );
}

function ReportSection({ title, report, children }: { title: string; report: ImportReportView; children: ReactNode }) {
  const { counts } = report;
  const tiles: [string, number][] = [
    ['New', counts.new],
    ['Changed', counts.changed],
    ['Unchanged', counts.unchanged],
    ['Rejected', counts.rejected],
    ...(counts.missing === undefined ? [] : [['Missing', counts.missing] as [string, number]]),
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
        <SimpleGrid cols={{ base: 2, xs: 5 }} spacing="sm">
          {tiles.map(([label, value]) => (
            <Paper key={label} withBorder p="xs" ta="center">
              <Text size="xl" fw={700}>
                {value.toLocaleString('en-US')}
              </Text>
              <Text size="sm">{label}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        {report.rejected.length > 0 && (
          <LinesTable
            caption={`Rejected lines (${counts.rejected})`}
            headers={['Line', 'Reason']}
            rows={report.rejected.map((line) => [String(line.line), line.reason])}
          />
        )}
        {report.new.length > 0 && (
          <LinesTable
            caption={`New (${counts.new})`}
            headers={['Line', 'Key', 'Values']}
            rows={linesRows(report.new)}
          />
        )}
        {report.changed.length > 0 && (
          <LinesTable
            caption={`Changed (${counts.changed})`}
            headers={['Line', 'Key', 'Changes']}
            rows={linesRows(report.changed)}
          />
        )}
        {report.missing && report.missing.length > 0 && (
          <Text size="sm">
            Active agents not in the file{report.applied ? '' : ' (deactivated only when the option is ticked)'}:{' '}
            {report.missing.slice(0, 50).join(', ')}
            {report.missing.length > 50 ? ' …' : ''}
          </Text>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          SHA-256 {report.sha256}
        </Text>
      </Stack>
    </Paper>
  );
}

const linesRows = (lines: ImportReportView['new']): string[][] =>
  lines.map((line) => [
    String(line.line),
    line.key,
    Object.entries(line.changes ?? {})
      .map(([field, change]) =>
        change.before === null
          ? `${field}: ${change.after ?? '—'}`
          : `${field}: ${change.before} → ${change.after ?? '—'}`,
      )
      .join('; '),
  ]);

function LinesTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: string[][] }) {
  const columns = headers.map((header, index): DataTableColumn<string[]> => ({
    id: header,
    header,
    noWrap: index === 0,
    cell: (cells) => cells[index],
  }));
  return (
    <DataTable
      caption={caption}
      data={rows}
      getRowId={(cells) => cells[0]!}
      paginate={false}
      minWidth={520}
      columns={columns}
    />
  );
}

function FormatHelp({ kind }: { kind: ImportKindView }) {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(sampleCsv(kind))}`;
  return (
    <Paper withBorder p="md" component="section" aria-label="File format">
      <Stack gap="xs">
        <Title order={2} size="h3">
          File format: {kind.label}
        </Title>
        <Text size="sm">
          A CSV file (UTF-8, comma-separated) with a header line naming these columns:{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>{kind.columns.join(',')}</Code>
        </Text>
        <Text size="sm">{kind.help}</Text>
        <Text size="sm">
          At most {formatBytes(kind.maxBytes)}, sent as the multipart part <Code>{kind.uploadField}</Code> of{' '}
          <Code>
            {kind.route.method} {kind.route.path}
          </Code>{' '}
          (<Code>?dryRun=true</Code> previews it).
        </Text>
        <Anchor href={href} download={`${kind.kind}-sample.csv`} size="sm">
          Download a sample CSV
        </Anchor>
      </Stack>
    </Paper>
  );
}

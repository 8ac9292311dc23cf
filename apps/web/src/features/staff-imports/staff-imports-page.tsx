import { Alert, Checkbox, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { IMPORT_KIND_VIEWS, sampleCsv, type ImportReportView } from '../../api/staff-import-kinds.ts';
import { sendImport } from '../../api/staff-imports.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { CsvFileField } from '../../ui/csv-file-field.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { PreviewNotice, UploadActions, UploadFormat, UploadReport, useDryRunUpload } from '../../ui/dry-run-upload.tsx';
import { StaffImportJobs } from './staff-import-jobs.tsx';

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
  const upload = useDryRunUpload({
    send: (chosen: Upload, dryRun: boolean) => sendImport(kind, chosen, dryRun),
    rejectedAtApply: REJECTED_AT_APPLY,
  });
  const { preview, result } = upload;
  const { confirm, dialog } = useConfirm();
  const isTooLarge = file !== null && file.size > kind.maxBytes;
  const canApply = upload.canApply(
    (previewed) =>
      previewed.file === file &&
      kind.options.every((option) => Boolean(previewed.options[option.param]) === Boolean(options[option.param])),
  );

  // deactivating the agents missing from a roster ends their sessions: it is asked first, with how many
  const apply = async () => {
    const missing = preview?.upload.options.deactivateMissing ? (preview.report.counts.missing ?? 0) : 0;
    if (missing > 0) {
      const isConfirmed = await confirm({
        title: 'Deactivate the agents missing from the roster?',
        confirmLabel: 'Apply and deactivate',
        isDanger: true,
        children: `${missing === 1 ? '1 active agent' : `${missing.toLocaleString('en-US')} active agents`} not in the file ${missing === 1 ? 'is' : 'are'} deactivated: they can no longer sign in, and their sessions end now.`,
      });
      if (!isConfirmed) return;
    }
    upload.apply();
  };

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
              upload.reset();
            }}
          />
          <CsvFileField
            label="CSV file"
            file={file}
            maxBytes={kind.maxBytes}
            onChange={(next) => {
              setFile(next);
              upload.reset();
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
                upload.forgetPreview();
              }}
            />
          ))}
          <UploadActions
            applyLabel="Apply"
            failureTitle="Not imported"
            upload={upload}
            canPreview={file !== null && !isTooLarge}
            onPreview={() => file && upload.runPreview({ file, options })}
            canApply={canApply}
            onApply={() => void apply()}
          />
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
          <PreviewNotice rejected={preview.report.counts.rejected} verb="applied">
            Nothing is written yet. Apply writes every line at once.
          </PreviewNotice>
        </ReportSection>
      )}

      <StaffImportJobs />

      <UploadFormat
        title={`File format: ${kind.label}`}
        columns={kind.columns}
        help={kind.help}
        maxBytes={kind.maxBytes}
        uploadField={kind.uploadField}
        route={kind.route}
        sample={{ csv: sampleCsv(kind), fileName: `${kind.kind}-sample.csv` }}
      />
      {dialog}
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
    <UploadReport
      title={title}
      tiles={tiles.map(([label, value]) => [label, value.toLocaleString('en-US')] as const)}
      rejected={report.rejected}
      rejectedCount={counts.rejected}
      sha256={report.sha256}
      details={
        <>
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
        </>
      }
    >
      {children}
    </UploadReport>
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

import {
  formatStatementDate,
  publishCommissionStatements,
  STATEMENT_IMPORT_COLUMNS,
  STATEMENT_IMPORT_EXAMPLE,
  STATEMENT_IMPORT_MAX_BYTES,
  STATEMENT_UPLOAD_FIELD,
  type StatementReport,
} from '@arc/contract';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { sendStatements } from '../../api/staff-statements.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { CsvFileField } from '../../ui/csv-file-field.tsx';
import { PreviewNotice, UploadActions, UploadFormat, UploadReport, useDryRunUpload } from '../../ui/dry-run-upload.tsx';

const REJECTED_AT_PUBLISH = 'Nothing was published: a line is rejected now. The new preview below shows why.';
const SAMPLE = `${STATEMENT_IMPORT_COLUMNS.join(',')}\r\n${STATEMENT_IMPORT_EXAMPLE}\r\n`;

const dollars = (amount: string) => Number(amount).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/**
 * `/staff/statements` (docs/decisions/imports-and-jobs.md): a period's statement file, a dry-run **Preview** (the
 * period, the agents, the lines and their total, the rejected lines with their reasons), then **Publish** — every line
 * or none, and only once the preview has no rejected line — which replaces the period's published statements and
 * notifies each agent.
 */
export default function StaffStatementsPage() {
  const [file, setFile] = useState<File | null>(null);
  const upload = useDryRunUpload({
    send: ({ file: chosen }: { file: File }, dryRun: boolean) => sendStatements(chosen, dryRun),
    rejectedAtApply: REJECTED_AT_PUBLISH,
  });
  const { preview, result } = upload;
  const { confirm, dialog } = useConfirm();
  const isTooLarge = file !== null && file.size > STATEMENT_IMPORT_MAX_BYTES;
  const canPublish = upload.canApply((previewed) => previewed.file === file);

  // publishing notifies every agent in the file: it is asked first, with what it does
  const publish = async () => {
    if (!preview) return;
    const { summary } = preview.report;
    const agents = summary.agents === 1 ? '1 agent gets' : `${summary.agents.toLocaleString('en-US')} agents get`;
    const replaces =
      summary.replaces > 0
        ? ` The ${summary.replaces.toLocaleString('en-US')} statements of this period published before are replaced.`
        : '';
    const isConfirmed = await confirm({
      title: 'Publish the statements?',
      confirmLabel: 'Publish',
      children: `${agents} a new statement of ${summary.period ? formatStatementDate(summary.period) : '—'} and a notification.${replaces}`,
    });
    if (isConfirmed) upload.apply();
  };

  return (
    <Stack maw={960}>
      <Title order={1}>Commission statements</Title>
      <Paper withBorder p="md">
        <Stack>
          <Text size="sm">
            Upload a period&apos;s statement file: every agent in it gets a new statement on their Commission Statements
            screen and a notification. Uploading the same period again replaces its statements.
          </Text>
          <CsvFileField
            label="Statement file (CSV)"
            file={file}
            maxBytes={STATEMENT_IMPORT_MAX_BYTES}
            onChange={(next) => {
              setFile(next);
              upload.reset();
            }}
          />
          <UploadActions
            applyLabel="Publish"
            failureTitle="Not published"
            upload={upload}
            canPreview={file !== null && !isTooLarge}
            onPreview={() => file && upload.runPreview({ file })}
            canApply={canPublish}
            onApply={() => void publish()}
          />
        </Stack>
      </Paper>

      {result && (
        <ReportSection title="Published" report={result}>
          <Alert color="green" role="status">
            {result.summary.agents === 1
              ? '1 agent has'
              : `${result.summary.agents.toLocaleString('en-US')} agents have`}{' '}
            a new statement of {result.summary.period ? formatStatementDate(result.summary.period) : '—'} and{' '}
            {result.summary.agents === 1 ? 'was' : 'were'} notified.
          </Alert>
        </ReportSection>
      )}
      {preview && !result && (
        <ReportSection title="Preview" report={preview.report}>
          <PreviewNotice rejected={preview.report.counts.rejected} verb="published">
            Nothing is published yet. Publish writes every line at once
            {preview.report.summary.replaces > 0
              ? ` and replaces the ${preview.report.summary.replaces.toLocaleString('en-US')} statements of this period published before`
              : ''}
            .
          </PreviewNotice>
        </ReportSection>
      )}

      <UploadFormat
        title="File format"
        columns={STATEMENT_IMPORT_COLUMNS}
        help={FORMAT_HELP}
        maxBytes={STATEMENT_IMPORT_MAX_BYTES}
        uploadField={STATEMENT_UPLOAD_FIELD}
        route={publishCommissionStatements}
        sample={{ csv: SAMPLE, fileName: 'commission-statements-sample.csv' }}
      />
      {dialog}
    </Stack>
  );
}

function ReportSection({ title, report, children }: { title: string; report: StatementReport; children: ReactNode }) {
  const { counts, summary } = report;
  return (
    <UploadReport
      title={title}
      tiles={[
        ['Period', summary.period ? formatStatementDate(summary.period) : '—'],
        ['Agents', summary.agents.toLocaleString('en-US')],
        ['Lines', (counts.lines - counts.rejected).toLocaleString('en-US')],
        ['Total commission', dollars(summary.total)],
        ['Rejected lines', counts.rejected.toLocaleString('en-US')],
      ]}
      rejected={report.rejected}
      rejectedCount={counts.rejected}
      sha256={report.sha256}
    >
      {children}
    </UploadReport>
  );
}

const FORMAT_HELP =
  'One line per paid policy of one agent (by NPN). Every line has the same statement date (YYYY-MM-DD): the ' +
  'period. Dates are YYYY-MM-DD; premium and commission are dollars with up to two decimals (negative on a ' +
  'chargeback). The agent downloads their lines with a total line.';

import {
  formatStatementDate,
  publishCommissionStatements,
  STATEMENT_IMPORT_COLUMNS,
  STATEMENT_IMPORT_EXAMPLE,
  STATEMENT_IMPORT_MAX_BYTES,
  STATEMENT_UPLOAD_FIELD,
  type StatementReport,
} from '@arc/contract';
import { Alert, Anchor, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { formatBytes } from '../../api/staff-import-kinds.ts';
import { sendStatements } from '../../api/staff-statements.ts';
import { useSubmit } from '../../api/use-submit.ts';
import { CsvFileField } from '../../ui/csv-file-field.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';

const REJECTED_COLUMNS: readonly DataTableColumn<{ line: number; reason: string }>[] = [
  { id: 'line', header: 'Line', noWrap: true, cell: (line) => line.line },
  { id: 'reason', header: 'Reason', cell: (line) => line.reason },
];

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
  const [preview, setPreview] = useState<{ file: File; report: StatementReport } | null>(null);
  const [result, setResult] = useState<StatementReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const isTooLarge = file !== null && file.size > STATEMENT_IMPORT_MAX_BYTES;

  const runPreview = useSubmit({
    mutationFn: (chosen: File) => sendStatements(chosen, true),
    onMutate: () => {
      setPreview(null);
      setResult(null);
    },
    onSuccess: (report, chosen) => setPreview({ file: chosen, report }),
    onError: (error) => setFailure(errorMessage(error)),
  });
  const runPublish = useSubmit({
    mutationFn: (chosen: File) => sendStatements(chosen, false),
    onMutate: () => setFailure(null),
    onSuccess: (report) => {
      setPreview(null);
      setResult(report);
    },
    onError: (error, chosen) => {
      if (error instanceof ApiError && error.status === 422) {
        // an agent left since the preview: nothing was written, a new preview shows the lines and their reasons
        setFailure(REJECTED_AT_PUBLISH);
        runPreview.mutate(chosen);
        return;
      }
      setFailure(errorMessage(error));
    },
  });

  const canPublish =
    preview !== null && preview.file === file && preview.report.counts.rejected === 0 && !runPublish.isPending;

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
              setPreview(null);
              setResult(null);
              setFailure(null);
            }}
          />
          <Group>
            <Button
              variant="default"
              disabled={!file || isTooLarge}
              loading={runPreview.isPending}
              onClick={() => {
                if (!file) return;
                setFailure(null);
                runPreview.mutate(file);
              }}
            >
              Preview
            </Button>
            <Button
              disabled={!canPublish}
              loading={runPublish.isPending}
              onClick={() => preview && runPublish.mutate(preview.file)}
            >
              Publish
            </Button>
          </Group>
          {failure && (
            <Alert color="red" title="Not published" role="alert">
              {failure}
            </Alert>
          )}
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
          {preview.report.counts.rejected > 0 ? (
            <Alert color="orange" role="status">
              Nothing can be published while a line is rejected: correct the file and preview it again.
            </Alert>
          ) : (
            <Alert color="blue" role="status">
              Nothing is published yet. Publish writes every line at once
              {preview.report.summary.replaces > 0
                ? ` and replaces the ${preview.report.summary.replaces.toLocaleString('en-US')} statements of this period published before`
                : ''}
              .
            </Alert>
          )}
        </ReportSection>
      )}

      <FormatHelp />
    </Stack>
  );
}

function ReportSection({ title, report, children }: { title: string; report: StatementReport; children: ReactNode }) {
  const { counts, summary } = report;
  const tiles: [string, string][] = [
    ['Period', summary.period ? formatStatementDate(summary.period) : '—'],
    ['Agents', summary.agents.toLocaleString('en-US')],
    ['Lines', (counts.lines - counts.rejected).toLocaleString('en-US')],
    ['Total commission', dollars(summary.total)],
    ['Rejected lines', counts.rejected.toLocaleString('en-US')],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          {tiles.map(([label, value]) => (
            <Paper key={label} withBorder p="xs" ta="center">
              <Text size="lg" fw={700}>
                {value}
              </Text>
              <Text size="sm">{label}</Text>
            </Paper>
          ))}
        </SimpleGrid>
        {report.rejected.length > 0 && (
          <DataTable
            caption={`Rejected lines (${counts.rejected.toLocaleString('en-US')})`}
            data={report.rejected}
            getRowId={(line) => String(line.line)}
            paginate={false}
            minWidth={420}
            columns={REJECTED_COLUMNS}
          />
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          SHA-256 {report.sha256}
        </Text>
      </Stack>
    </Paper>
  );
}

function FormatHelp() {
  const href = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`;
  return (
    <Paper withBorder p="md" component="section" aria-label="File format">
      <Stack gap="xs">
        <Title order={2} size="h3">
          File format
        </Title>
        <Text size="sm">
          A CSV file (UTF-8, comma-separated) with a header line naming these columns:{' '}
          <Code style={{ overflowWrap: 'anywhere' }}>{STATEMENT_IMPORT_COLUMNS.join(',')}</Code>
        </Text>
        <Text size="sm">
          One line per paid policy of one agent (by NPN). Every line has the same statement date (YYYY-MM-DD): the
          period. Dates are YYYY-MM-DD; premium and commission are dollars with up to two decimals (negative on a
          chargeback). The agent downloads their lines with a total line.
        </Text>
        <Text size="sm">
          At most {formatBytes(STATEMENT_IMPORT_MAX_BYTES)}, sent as the multipart part{' '}
          <Code>{STATEMENT_UPLOAD_FIELD}</Code> of{' '}
          <Code>
            {publishCommissionStatements.method} {publishCommissionStatements.path}
          </Code>{' '}
          (<Code>?dryRun=true</Code> previews it).
        </Text>
        <Anchor href={href} download="commission-statements-sample.csv" size="sm">
          Download a sample CSV
        </Anchor>
      </Stack>
    </Paper>
  );
}

import { COMMISSIONS_TEXT, type CommissionStatement } from '@arc/contract';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { commissionsQueries, downloadCommissionStatement, sortedStatements } from '../../api/commissions.ts';
import { FileReadError } from '../../api/files.ts';
import { track } from '../../api/telemetry.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { DownloadOverlay } from '../../ui/download.tsx';
import { MessageDialog } from '../../ui/message-dialog.tsx';

function columnsFor(onCsv: (statement: CommissionStatement) => void, isBusy: boolean) {
  const columns: DataTableColumn<CommissionStatement>[] = [
    { id: 'first', header: 'Agent First', value: (s) => s.first, searchable: true },
    { id: 'last', header: 'Agent Last', value: (s) => s.last, searchable: true },
    {
      id: 'date',
      header: 'Statement Date',
      value: (s) => s.date,
      searchable: true,
      searchText: (s) => s.formatted,
      cell: (s) => s.formatted,
    },
    {
      id: 'csv',
      header: 'CSV',
      value: () => null,
      sortable: false,
      width: 110,
      cell: (s) => (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFileTypeCsv size={16} aria-hidden="true" />}
          disabled={isBusy}
          onClick={() => onCsv(s)}
          aria-label={`CSV: ${s.first} ${s.last}, ${s.formatted}`}
          px={4}
        >
          CSV
        </Button>
      ),
    },
  ];
  return columns;
}

/** /commissions: the agent's statements, 10 more with each Load more, each downloadable as CSV. */
export default function CommissionsPage() {
  const statements = useInfiniteQuery(commissionsQueries.statements());
  const [isPreparing, setPreparing] = useState(false);
  const [decodeError, setDecodeError] = useState<string | null>(null);
  const rows = useMemo(
    () => (statements.data ? sortedStatements(statements.data.pages) : undefined),
    [statements.data],
  );

  const columns = useMemo(() => {
    const onCsv = async (statement: CommissionStatement) => {
      setPreparing(true);
      try {
        await downloadCommissionStatement(statement);
      } catch (err) {
        // spec §8: a failed fetch is only logged; a decode failure gets the 'Error' pop-up
        if (err instanceof FileReadError) setDecodeError(err.message);
        else track('commission_statement_failed', { id: statement.id, message: errorMessage(err) });
      } finally {
        setPreparing(false);
      }
    };
    return columnsFor((statement) => void onCsv(statement), isPreparing);
  }, [isPreparing]);

  return (
    <Stack gap="lg">
      <Title order={1}>{COMMISSIONS_TEXT.title}</Title>
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <DataTable
          caption={COMMISSIONS_TEXT.title}
          hideCaption
          minWidth={340}
          data={rows}
          columns={columns}
          getRowId={(s) => s.id}
          initialSort={{ id: 'date', desc: true }}
          isLoading={statements.isFetching}
          // spec §8: the failure is logged and the spinner ends, with no pop-up; the table says so quietly
          error={statements.isError && !rows ? COMMISSIONS_TEXT.listFailed : null}
          onRetry={() => void statements.refetch()}
          loadMore={{
            onLoadMore: () => void statements.fetchNextPage(),
            hasMore: statements.hasNextPage,
            isLoading: statements.isFetchingNextPage,
            label: COMMISSIONS_TEXT.loadMore,
          }}
        />
      </Paper>
      <DownloadOverlay visible={isPreparing} label="Preparing CSV" />
      <MessageDialog opened={decodeError !== null} title="Error" onClose={() => setDecodeError(null)}>
        {decodeError ?? ''}
      </MessageDialog>
    </Stack>
  );
}

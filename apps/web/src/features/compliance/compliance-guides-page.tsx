import { COMPLIANCE_TEXT, type ComplianceGuide } from '@arc/contract';
import { Anchor, Button, Paper, Stack, Title } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type MouseEvent } from 'react';
import { openGuideInNewTab, complianceQueries, compliancePaths } from '../../api/compliance.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useDownload, type UseDownload } from '../../ui/download.tsx';

/** A click the browser would handle itself: with a modifier (new tab, new window, save) or not the main button. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function columnsFor(download: UseDownload): DataTableColumn<ComplianceGuide>[] {
  return [
    {
      id: 'name',
      header: COMPLIANCE_TEXT.nameColumn,
      value: (guide) => guide.name,
      searchable: true,
      cell: (guide) => (
        // a real link to the guide's own address (open in a new tab, copy, bookmark); a plain click opens the
        // PDF in a new tab at once, without loading the app there first
        <Anchor
          href={compliancePaths.guide(guide.fileNumber)}
          target="_blank"
          rel="noopener"
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            void download.run(() => openGuideInNewTab(guide.file));
          }}
        >
          {guide.name}
          <IconExternalLink
            size={14}
            aria-label="(opens in a new tab)"
            style={{ marginLeft: 4, verticalAlign: 'middle' }}
          />
        </Anchor>
      ),
    },
    {
      id: 'actions',
      header: COMPLIANCE_TEXT.actionsColumn,
      value: () => null,
      sortable: false,
      width: 150,
      cell: (guide) => (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          disabled={download.isDownloading}
          onClick={() => void download.downloadFile(guide.file)}
          aria-label={`${COMPLIANCE_TEXT.download} ${guide.downloadName}`}
        >
          {COMPLIANCE_TEXT.download}
        </Button>
      ),
    },
  ];
}

/** /training/compliance-guides: the 'Document List' of compliance guides (file numbers 2145 to 2163). */
export default function ComplianceGuidesPage() {
  const guides = useQuery(complianceQueries.guides());
  const download = useDownload();
  const { downloadFile, run, isDownloading } = download;
  // the cells need the download flow; rebuild them only when its state changes
  const columns = useMemo(
    () => columnsFor({ downloadFile, run, isDownloading, element: null }),
    [downloadFile, run, isDownloading],
  );
  return (
    <Stack gap="lg">
      <Title order={1}>Compliance Guides</Title>
      <Paper p={{ base: 'md', sm: 'lg' }}>
        <DataTable
          caption={COMPLIANCE_TEXT.tableTitle}
          data={guides.data}
          columns={columns}
          getRowId={(guide) => String(guide.fileNumber)}
          isLoading={guides.isFetching}
          error={guides.isError ? COMPLIANCE_TEXT.listFailed : null}
          onRetry={() => void guides.refetch()}
          initialPageSize={25}
          minWidth={360}
        />
      </Paper>
      {download.element}
    </Stack>
  );
}

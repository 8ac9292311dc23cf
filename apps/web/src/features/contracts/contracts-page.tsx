import { CONTRACTS_TEXT, providerShortName, type Contract } from '@arc/contract';
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { contractsQueries } from '../../api/contracts.ts';
import { PROVIDER_NAME } from '../../config.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ViewHeader, ViewMessage } from './view-parts.tsx';

// The downline hierarchy (the tree of every agent below a contract) is a large part of the screen: its code loads
// when the view opens (React.lazy, apps/web/README.md "Loading").
const HierarchyView = lazy(() => import('./hierarchy-view.tsx').then((m) => ({ default: m.HierarchyView })));
// the certification views open with a click too (Show): loaded then
const CertificationView = lazy(() =>
  import('./certification-views.tsx').then((m) => ({ default: m.CertificationView })),
);
const DownlineCertificationView = lazy(() =>
  import('./certification-views.tsx').then((m) => ({ default: m.DownlineCertificationView })),
);

type View = 'downlines' | 'certification' | 'downline-certification';
const VIEWS: readonly View[] = ['downlines', 'certification', 'downline-certification'];

const SHORT_NAME = providerShortName(PROVIDER_NAME);
const { columns: LABELS } = CONTRACTS_TEXT;

const describe = (c: Contract) => `${c.Carrier__r.Name}, ${c.Contact__r.Name}`;
const subtitleOf = (c: Contract) => `${c.Carrier__r.Name} · ${c.Contact__r.Name}`;

function contractColumns(open: (view: View, id: string) => void): DataTableColumn<Contract>[] {
  const show = (label: string, contract: Contract, view: View, id: string | null) => (
    <Button
      variant="light"
      size="compact-sm"
      // Missing Contract ID: the view opens and says so (a contract without a report id)
      onClick={() => open(view, id ?? '')}
      aria-label={`${label}: ${describe(contract)}`}
    >
      Show
    </Button>
  );
  return [
    { id: 'holder', header: LABELS.holder, value: (c) => c.Contact__r.Name },
    { id: 'carrier', header: LABELS.carrier, value: (c) => c.Carrier__r.Name },
    { id: 'status', header: LABELS.status, value: (c) => c.Status__c },
    { id: 'writing', header: LABELS.writingNumber, value: (c) => c.WritingNumber__c },
    {
      id: 'downlines',
      header: LABELS.showDownlines,
      value: () => null,
      sortable: false,
      width: 112,
      wrapHeader: true,
      cell: (c) => (c.downlineCount > 0 ? show(LABELS.showDownlines, c, 'downlines', c.Id) : null),
    },
    {
      id: 'certification',
      header: LABELS.showCertification,
      value: () => null,
      sortable: false,
      width: 112,
      wrapHeader: true,
      cell: (c) => show(LABELS.showCertification, c, 'certification', c.Id),
    },
    {
      id: 'downline-certification',
      header: LABELS.showDownlinesCertification,
      value: () => null,
      sortable: false,
      width: 112,
      wrapHeader: true,
      cell: (c) =>
        c.downlineCount > 0
          ? show(LABELS.showDownlinesCertification, c, 'downline-certification', c.HierarchyReportID__c)
          : null,
    },
  ];
}

/**
 * The agent's contracts (spec part 1 §2, My Profile): individual and agency tables; each view — Hierarchy,
 * Certification, Downline Certification — replaces the tables, is named in the address (so reload and the
 * browser's back button keep it), and closes with its back arrow.
 */
export default function ContractsPage({ isSection = false }: { isSection?: boolean }) {
  const heading = isSection ? 2 : 1;
  const contracts = useQuery(contractsQueries.contracts());
  const [params, setParams] = useSearchParams();
  const view = VIEWS.find((v) => v === params.get('view'));
  const id = params.get('id') ?? '';

  const columns = useMemo(() => contractColumns((next, nextId) => setParams({ view: next, id: nextId })), [setParams]);
  const close = () => setParams({});

  const list = contracts.data;
  const individual = useMemo(() => list?.filter((c) => c.Contact__r.RecordType.Name === 'Person Account'), [list]);
  const agency = useMemo(() => list?.filter((c) => c.Contact__r.RecordType.Name === 'Agency'), [list]);

  if (view) {
    const contract = list?.find((c) => (view === 'downline-certification' ? c.HierarchyReportID__c : c.Id) === id);
    const subtitle = contract ? subtitleOf(contract) : '';
    return (
      <Stack gap="lg">
        <Title order={heading}>Contracts</Title>
        {/* at least a window high, so the view can be scrolled into place below the header while it loads */}
        <Paper p={{ base: 'sm', sm: 'lg' }} mih="calc(100dvh - 140px)">
          <Suspense fallback={null}>
            {!id ? (
              <MissingId view={view} onBack={close} />
            ) : view === 'downlines' ? (
              <HierarchyView
                key={id}
                contractId={id}
                holderName={contract?.Contact__r.Name ?? 'Contract'}
                carrierName={contract?.Carrier__r.Name}
                onBack={close}
              />
            ) : view === 'certification' ? (
              <CertificationView key={id} contractId={id} subtitle={subtitle} onBack={close} />
            ) : (
              <DownlineCertificationView key={id} reportId={id} subtitle={subtitle} onBack={close} />
            )}
          </Suspense>
        </Paper>
      </Stack>
    );
  }

  const error = contracts.isError ? CONTRACTS_TEXT.contractsFailed : null;
  return (
    <Stack gap="lg">
      <Title order={heading}>Contracts</Title>
      {[
        { title: CONTRACTS_TEXT.individualTitle(SHORT_NAME), rows: individual },
        { title: CONTRACTS_TEXT.agencyTitle(SHORT_NAME), rows: agency },
      ].map(({ title, rows }) => (
        <Paper key={title} p={{ base: 'sm', sm: 'lg' }}>
          <DataTable
            caption={title}
            minWidth={720}
            // a handful of contracts: every row, no pager or search box
            paginate={false}
            data={rows ?? (contracts.isError ? [] : undefined)}
            columns={columns}
            getRowId={(c) => c.Id}
            initialSort={{ id: 'carrier' }}
            isLoading={contracts.isFetching}
            error={error}
            onRetry={() => void contracts.refetch()}
            emptyMessage={CONTRACTS_TEXT.empty}
          />
        </Paper>
      ))}
    </Stack>
  );
}

const VIEW_TITLES: Record<View, string> = {
  downlines: CONTRACTS_TEXT.hierarchyTitle,
  certification: CONTRACTS_TEXT.certificationTitle,
  'downline-certification': CONTRACTS_TEXT.downlineCertificationTitle,
};

/** A view opened without a contract id: the spec's "Missing Contract ID". */
function MissingId({ view, onBack }: { view: View; onBack: () => void }) {
  return (
    <Stack gap="md">
      <ViewHeader title={VIEW_TITLES[view]} onBack={onBack} />
      <Alert color="red" title={CONTRACTS_TEXT.errorTitle}>
        {CONTRACTS_TEXT.missingContractId}
      </Alert>
      <ViewMessage error={CONTRACTS_TEXT.missingContractId} info={null} />
    </Stack>
  );
}

import { CONTRACTS_TEXT, type Certification, type DownlineCertification } from '@arc/contract';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { contractsQueries } from '../../api/contracts.ts';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { ViewHeader, ViewMessage } from './view-parts.tsx';

const CERTIFICATION_COLUMNS: DataTableColumn<Certification>[] = [
  {
    id: 'year',
    header: CONTRACTS_TEXT.year,
    value: (c) => Number(c.Year__c),
    cell: (c) => c.Year__c,
    searchable: true,
    searchText: (c) => c.Year__c,
    width: 90,
  },
  { id: 'product', header: CONTRACTS_TEXT.product, value: (c) => c.Product2__c, searchable: true },
];

const DOWNLINE_CERTIFICATION_COLUMNS: DataTableColumn<DownlineCertification>[] = [
  {
    id: 'year',
    header: CONTRACTS_TEXT.year,
    value: (c) => Number(c.Year__c),
    cell: (c) => c.Year__c,
    searchable: true,
    searchText: (c) => c.Year__c,
    width: 90,
  },
  { id: 'product', header: CONTRACTS_TEXT.product, value: (c) => c.Product2__c, searchable: true },
  {
    id: 'contact',
    header: CONTRACTS_TEXT.contactName,
    value: (c) => c.Contract_JSA__r.Contact__r.Name,
    searchable: true,
  },
  {
    id: 'upline',
    header: CONTRACTS_TEXT.uplineContactName,
    value: (c) => c.Contract_JSA__r.Upline_Contract__r.Contact__r.Name,
    searchable: true,
  },
];

export interface CertificationViewProps {
  contractId: string;
  subtitle: string;
  onBack: () => void;
}

/** Certification View: Year and Product of the contract's certifications. */
export function CertificationView({ contractId, subtitle, onBack }: CertificationViewProps) {
  const certifications = useQuery(contractsQueries.certifications(contractId));
  const isEmpty = certifications.isSuccess && certifications.data.length === 0;
  return (
    <Stack gap="md">
      <ViewHeader title={CONTRACTS_TEXT.certificationTitle} subtitle={subtitle} onBack={onBack} />
      <DataTable
        caption={`${CONTRACTS_TEXT.certificationTitle}: ${subtitle}`}
        hideCaption
        minWidth={300}
        data={certifications.data ?? (certifications.isError ? [] : undefined)}
        columns={CERTIFICATION_COLUMNS}
        getRowId={(c) => c.Id}
        initialSort={{ id: 'year', desc: true }}
        isLoading={certifications.isFetching}
        error={certifications.isError ? CONTRACTS_TEXT.certificationFailed : null}
        onRetry={() => void certifications.refetch()}
        emptyMessage={CONTRACTS_TEXT.empty}
      />
      <ViewMessage
        error={certifications.isError ? CONTRACTS_TEXT.certificationFailed : null}
        info={isEmpty ? CONTRACTS_TEXT.noCertifications : null}
      />
    </Stack>
  );
}

export interface DownlineCertificationViewProps {
  /** the contract's hierarchy report id, as the call takes it */
  reportId: string;
  subtitle: string;
  onBack: () => void;
}

/** Downline Certification View: Year, Product, Contact Name and Upline Contact Name below the contract. */
export function DownlineCertificationView({ reportId, subtitle, onBack }: DownlineCertificationViewProps) {
  const certifications = useQuery(contractsQueries.downlineCertifications(reportId));
  const isEmpty = certifications.isSuccess && certifications.data.length === 0;
  return (
    <Stack gap="md">
      <ViewHeader title={CONTRACTS_TEXT.downlineCertificationTitle} subtitle={subtitle} onBack={onBack} />
      <DataTable
        caption={`${CONTRACTS_TEXT.downlineCertificationTitle}: ${subtitle}`}
        hideCaption
        minWidth={560}
        data={certifications.data ?? (certifications.isError ? [] : undefined)}
        columns={DOWNLINE_CERTIFICATION_COLUMNS}
        getRowId={(c) => c.Id}
        initialSort={{ id: 'year', desc: true }}
        isLoading={certifications.isFetching}
        error={certifications.isError ? CONTRACTS_TEXT.downlineCertificationFailed : null}
        onRetry={() => void certifications.refetch()}
        emptyMessage={CONTRACTS_TEXT.empty}
      />
      <ViewMessage
        error={certifications.isError ? CONTRACTS_TEXT.downlineCertificationFailed : null}
        info={isEmpty ? CONTRACTS_TEXT.noDownlineCertifications : null}
      />
    </Stack>
  );
}

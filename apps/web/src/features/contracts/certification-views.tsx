import { CONTRACTS_TEXT, type Certification, type DownlineCertification } from '@arc/contract';
import { Stack } from '@mantine/core';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
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
  ...CERTIFICATION_COLUMNS,
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

interface CertificationTableViewProps<T extends Certification> {
  title: string;
  subtitle: string;
  onBack: () => void;
  query: UseQueryOptions<T[], Error, T[], string[]>;
  columns: DataTableColumn<T>[];
  minWidth: number;
  /** the spec's failure message, in the table and as the Error pop-up */
  failedMessage: string;
  /** the spec's none-found message, as the Info pop-up */
  noneMessage: string;
}

/** What both certification views share: the header, the table (newest year first) and the spec's pop-ups. */
function CertificationTableView<T extends Certification>({
  title,
  subtitle,
  onBack,
  query,
  columns,
  minWidth,
  failedMessage,
  noneMessage,
}: CertificationTableViewProps<T>) {
  const certifications = useQuery(query);
  const isEmpty = certifications.isSuccess && certifications.data.length === 0;
  const error = certifications.isError ? failedMessage : null;
  return (
    <Stack gap="md">
      <ViewHeader title={title} subtitle={subtitle} onBack={onBack} />
      <DataTable
        caption={`${title}: ${subtitle}`}
        hideCaption
        minWidth={minWidth}
        data={certifications.data ?? (certifications.isError ? [] : undefined)}
        columns={columns}
        getRowId={(c) => c.Id}
        initialSort={{ id: 'year', desc: true }}
        isLoading={certifications.isFetching}
        error={error}
        onRetry={() => void certifications.refetch()}
        emptyMessage={CONTRACTS_TEXT.empty}
      />
      <ViewMessage error={error} info={isEmpty ? noneMessage : null} />
    </Stack>
  );
}

export interface CertificationViewProps {
  contractId: string;
  subtitle: string;
  onBack: () => void;
}

/** Certification View: Year and Product of the contract's certifications. */
export function CertificationView({ contractId, subtitle, onBack }: CertificationViewProps) {
  return (
    <CertificationTableView
      title={CONTRACTS_TEXT.certificationTitle}
      subtitle={subtitle}
      onBack={onBack}
      query={contractsQueries.certifications(contractId)}
      columns={CERTIFICATION_COLUMNS}
      minWidth={300}
      failedMessage={CONTRACTS_TEXT.certificationFailed}
      noneMessage={CONTRACTS_TEXT.noCertifications}
    />
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
  return (
    <CertificationTableView
      title={CONTRACTS_TEXT.downlineCertificationTitle}
      subtitle={subtitle}
      onBack={onBack}
      query={contractsQueries.downlineCertifications(reportId)}
      columns={DOWNLINE_CERTIFICATION_COLUMNS}
      minWidth={560}
      failedMessage={CONTRACTS_TEXT.downlineCertificationFailed}
      noneMessage={CONTRACTS_TEXT.noDownlineCertifications}
    />
  );
}

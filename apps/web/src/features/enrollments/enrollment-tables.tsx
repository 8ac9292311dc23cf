import { ENROLLMENT_STATUS_LABELS, type Enrollment } from '@arc/contract';
import { Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { formatEnrollmentDate, formatEnrollmentLongDate } from './enrollment-dates.ts';

/**
 * A client's page: clientPaths.detail's path, spelt here so that the list does not load the clients' contract (the
 * route's budget, apps/web/README.md).
 */
const clientPage = (id: string) => `/clients/${encodeURIComponent(id)}`;

/** The plan as the tables show it: its name and its contract-plan id, as far as they are known. */
const planOf = (e: Enrollment) => [e.product_name, e.planId ? `(${e.planId})` : null].filter(Boolean).join(' ') || null;

/**
 * The client columns both tables show; only Client Enrollments has a search box (spec part 2 §2). The names are the
 * linked client's (issue 46), the last name a link to the client's page.
 */
const clientColumns = (searchable: boolean): DataTableColumn<Enrollment>[] => [
  { id: 'first', header: 'Client First', value: (e) => e.ClientFirst, searchable },
  {
    id: 'last',
    header: 'Client Last',
    value: (e) => e.ClientLast,
    searchable,
    cell: (e) =>
      e.clientId ? (
        <Anchor component={Link} to={clientPage(e.clientId)}>
          {e.ClientLast}
        </Anchor>
      ) : (
        e.ClientLast
      ),
  },
  { id: 'state', header: 'State', value: (e) => e.ClientState, searchable },
  { id: 'carrier', header: 'Carrier', value: (e) => e.carrier_name, searchable },
  { id: 'product', header: 'Product', value: planOf, searchable },
];

const PENDED_COLUMNS: DataTableColumn<Enrollment>[] = [
  { id: 'reason', header: 'Reason', value: (e) => e.Reason },
  ...clientColumns(false),
  {
    id: 'received',
    header: 'Received',
    value: (e) => e.RecDate,
    cell: (e) => formatEnrollmentLongDate(e.RecDate),
  },
];

const CLIENT_COLUMNS: DataTableColumn<Enrollment>[] = [
  {
    id: 'status',
    header: 'Status',
    value: (e) => ENROLLMENT_STATUS_LABELS[e.Status],
    searchable: true,
    searchText: (e) => [ENROLLMENT_STATUS_LABELS[e.Status], e.scopeFlag].filter(Boolean).join(' '),
    // the SOA scope check's reason under the status (issue 46)
    cell: (e) =>
      e.scopeFlag ? (
        <>
          {ENROLLMENT_STATUS_LABELS[e.Status]}
          <Text size="xs" c="orange.9" fw={600}>
            SOA: {e.scopeFlag}
          </Text>
        </>
      ) : (
        ENROLLMENT_STATUS_LABELS[e.Status]
      ),
  },
  ...clientColumns(true),
  { id: 'file', header: 'File', value: (e) => e.fileName, searchable: true },
  {
    id: 'received',
    header: 'Received',
    value: (e) => e.RecDate,
    searchable: true,
    searchText: (e) => formatEnrollmentDate(e.RecDate),
    cell: (e) => formatEnrollmentDate(e.RecDate),
  },
];

export function PendedEnrollmentsTable({ pended }: { pended: Enrollment[] }) {
  return (
    <DataTable
      caption="Pended Enrollments"
      data={pended}
      columns={PENDED_COLUMNS}
      getRowId={(e) => e.id}
      initialSort={{ id: 'received', desc: true }}
      paginate={pended.length > 10}
    />
  );
}

export function ClientEnrollmentsTable({
  enrollments,
  isLoading,
  toolbar,
}: {
  enrollments: Enrollment[] | undefined;
  isLoading: boolean;
  toolbar?: ReactNode;
}) {
  return (
    <DataTable
      caption="Client Enrollments"
      data={enrollments}
      columns={CLIENT_COLUMNS}
      getRowId={(e) => e.id}
      initialSort={{ id: 'received', desc: true }}
      isLoading={isLoading}
      emptyMessage="There are no enrollments yet."
      toolbar={toolbar}
      minWidth={900}
    />
  );
}

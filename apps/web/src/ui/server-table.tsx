import { Alert, Button, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import classes from './server-table.module.css';

/** One column of a {@link ServerTable}. */
export interface ServerTableColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** the server's sort key for this column (its header becomes a sort button); none: not sortable */
  sortKey?: string;
  noWrap?: boolean;
}

export interface ServerTableProps<T> {
  /** the table's accessible name, shown above it unless `hideCaption` */
  caption: string;
  hideCaption?: boolean;
  columns: readonly ServerTableColumn<T>[];
  /** the page's rows; `undefined` until the first answer */
  rows: readonly T[] | undefined;
  getRowId: (row: T) => string;
  /** every row matching, on every page */
  total: number;
  /** there are more rows than `total` (the server stopped counting): "of 10,000+ entries", Next stays on */
  totalCapped?: boolean;
  /** 1-based */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** the server's sort: a key, `-key` descending */
  sort?: string;
  onSortChange?: (sort: string) => void;
  isLoading?: boolean;
  /** a message shows an error state instead of rows */
  error?: string | null;
  onRetry?: () => void;
  /** no row on the server matches */
  emptyMessage: string;
  /** below this width the table scrolls sideways inside its box (default 640 px) */
  minWidth?: number;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const count = (value: number) => value.toLocaleString('en-US');
/** The line under the table, in DataTable's words. */
const showing = (page: number, pageSize: number, total: number, more: string) =>
  total === 0
    ? 'Showing 0 to 0 of 0 entries'
    : `Showing ${count((page - 1) * pageSize + 1)} to ${count(Math.min(total, page * pageSize))} of ${count(total)}${more} entries`;

/**
 * A table of rows the server searches, sorts and pages (the back office's agents and audit log): the caller holds
 * the page and the sort (in the URL, say) and the rows of one page; DataTable (data-table.tsx) is for lists the
 * browser has whole. The same behaviour as DataTable: header sort buttons with `aria-sort`, "Showing x to y of z
 * entries", a pager, loading, empty and error states; a wide table scrolls sideways inside its box on a phone.
 * (Its own small styles and pager: sharing DataTable's modules split the agents' table chunk.)
 */
export function ServerTable<T>(props: ServerTableProps<T>) {
  const {
    caption,
    columns,
    rows,
    total,
    page,
    pageSize,
    sort,
    isLoading = false,
    error = null,
    minWidth = 640,
  } = props;
  const captionId = `${useId()}-caption`;
  const sortKey = sort?.replace(/^-/, '');
  const isDesc = sort?.startsWith('-') ?? false;

  const stateRow = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columns.length} className={classes.stateCell}>
        {content}
      </Table.Td>
    </Table.Tr>
  );
  let body: ReactNode;
  if (error) {
    body = stateRow(
      <Alert color="red" title="Error" role="alert" ta="left">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{error}</Text>
          {props.onRetry && (
            <Button size="compact-sm" variant="light" color="red" onClick={props.onRetry}>
              Try again
            </Button>
          )}
        </Group>
      </Alert>,
    );
  } else if (rows === undefined) {
    body = stateRow(
      <Group justify="center" gap="xs">
        <Loader size="sm" aria-label="Loading" />
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </Group>,
    );
  } else if (rows.length === 0) {
    body = stateRow(
      <Text c="dimmed" size="sm">
        {props.emptyMessage}
      </Text>,
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr key={props.getRowId(row)}>
        {columns.map((column) => (
          <Table.Td key={column.id} style={{ whiteSpace: column.noWrap ? 'nowrap' : undefined }}>
            {column.cell(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const more = props.totalCapped ? '+' : '';
  return (
    <div>
      {/* a focusable region so keyboard users can scroll a wide table sideways (axe scrollable-region-focusable) */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className={classes.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <Table
          className={classes.table}
          miw={minWidth}
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-busy={isLoading || undefined}
          style={{ opacity: isLoading && rows ? 0.6 : undefined }}
        >
          <Table.Caption id={captionId} className={props.hideCaption ? classes.visuallyHidden : classes.caption}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const sorted = column.sortKey && column.sortKey === sortKey ? (isDesc ? 'desc' : 'asc') : false;
                const onSortChange = props.onSortChange;
                return (
                  <Table.Th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                    className={sorted ? classes.sorted : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {column.sortKey && onSortChange ? (
                      <UnstyledButton
                        className={classes.sortButton}
                        onClick={() => onSortChange(sorted === 'asc' ? `-${column.sortKey}` : column.sortKey!)}
                      >
                        {column.header}
                        {sorted === 'asc' ? (
                          <IconArrowUp size={16} aria-hidden="true" className={classes.sortIcon} />
                        ) : sorted === 'desc' ? (
                          <IconArrowDown size={16} aria-hidden="true" className={classes.sortIcon} />
                        ) : (
                          <IconArrowsSort size={16} aria-hidden="true" className={classes.sortIcon} />
                        )}
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </div>
      {!error && rows && rows.length > 0 && (
        <Group justify="space-between" align="center" gap="sm" mt="sm">
          <Text size="sm" role="status">
            {showing(page, pageSize, total, more)}
          </Text>
          {(pageCount > 1 || more) && (
            <nav aria-label="Pagination">
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="compact-sm"
                  disabled={page <= 1}
                  onClick={() => props.onPageChange(page - 1)}
                >
                  Previous
                </Button>
                <Text size="sm" aria-current="page">
                  Page {count(page)} of {count(pageCount)}
                  {more}
                </Text>
                <Button
                  variant="default"
                  size="compact-sm"
                  disabled={page >= pageCount && !more}
                  onClick={() => props.onPageChange(page + 1)}
                >
                  Next
                </Button>
              </Group>
            </nav>
          )}
        </Group>
      )}
    </div>
  );
}

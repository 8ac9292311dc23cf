import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconChevronRight,
  IconPrinter,
  IconSearch,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import {
  Fragment,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import {
  DEFAULT_PAGE_SIZE,
  formatValue,
  normaliseSearch,
  PAGE_SIZE_OPTIONS,
  PRINT_PAGE_SIZE,
  RowIndex,
  showingText,
  type ColumnSort,
  type DataTableValue,
  type PageSize,
} from './data-table-model.ts';
import { DataTablePager } from './data-table-pager.tsx';
import classes from './data-table.module.css';

export type { ColumnSort, DataTableValue, PageSize } from './data-table-model.ts';

/** One column of a {@link DataTable}. */
export interface DataTableColumn<T> {
  /** stable id, unique in the table (also the sort id in `initialSort`) */
  id: string;
  /** header text (also the sort button's name) */
  header: string;
  /** the header cell's content instead of its text (a select-all checkbox, a hidden name); the text still names the cards' cells */
  headerCell?: ReactNode;
  /** the value to sort on; shown in the cell (formatted) unless `cell` is given (a server-paged table needs none) */
  value?: (row: T) => DataTableValue;
  /** custom cell content (links, buttons, badges); defaults to the formatted `value` */
  cell?: (row: T) => ReactNode;
  /** sort by clicking the header (default true when the column has a `value`); client-side lists */
  sortable?: boolean;
  /** server-paged lists: the server's sort key for this column (its header becomes a sort button) */
  sortKey?: string;
  /** part of the Search box's match (default false); the search box shows when any column is searchable */
  searchable?: boolean;
  /** the text the search matches for this column (default: the formatted `value`) */
  searchText?: (row: T) => string;
  align?: 'left' | 'center' | 'right';
  /** CSS width of the column, e.g. 120 or '20%' */
  width?: number | string;
  /** keep the cell on one line (codes such as H1234-001 that must not break at the hyphen) */
  noWrap?: boolean;
  /** let a long header wrap within `width` (headers stay on one line by default) */
  wrapHeader?: boolean;
}

export interface DataTableLoadMore {
  onLoadMore: () => void;
  /** false hides the button once the server has nothing more (default true) */
  hasMore?: boolean;
  isLoading?: boolean;
  /** button text (default "Load more") */
  label?: string;
}

/**
 * A list the server searches, sorts and pages (the back office's queues): the caller holds the page and the sort
 * (in the URL, ui/use-queue-state.ts) and hands the table one page of rows and the total.
 */
export interface DataTableServerPaging {
  /** 1-based */
  page: number;
  pageSize: number;
  /** every row matching, on every page */
  total: number;
  /** there are more rows than `total` (the server stopped counting): "of 10,000+ entries", Next stays on */
  totalCapped?: boolean;
  onPageChange: (page: number) => void;
  /** the server's sort: a column's `sortKey` and its direction (ui/use-queue-state.ts reads `key`, `-key`) */
  sort?: ColumnSort;
  onSortChange?: (sort: ColumnSort) => void;
}

export interface DataTableProps<T> {
  /** the rows (in server-paged mode the page's rows); `undefined` while the first load runs */
  data: readonly T[] | undefined;
  /** the server pages, sorts and counts: no search box, no rows-per-page select (see {@link DataTableServerPaging}) */
  server?: DataTableServerPaging;

  /** keep this array stable (module scope or useMemo): a new array rebuilds the table's search and sort index */
  columns: readonly DataTableColumn<T>[];
  /** a stable, unique id per row (expansion and React keys follow it across sorting and pages) */
  getRowId: (row: T) => string;
  /** the table's accessible name, shown above it unless `hideCaption` */
  caption: string;
  hideCaption?: boolean;
  /** the name of the box that scrolls a wide table (default the caption); another when a section already has it */
  regionLabel?: string;
  /** first sort; the header buttons change it */
  initialSort?: { id: string; desc?: boolean };
  /** default 10; one of 10, 25, 50, 100 */
  initialPageSize?: PageSize;
  /** false shows every row, with no pager, rows-per-page select or "Showing…" line (default true) */
  paginate?: boolean;
  /** label of the search box (default "Search") */
  searchLabel?: string;
  isLoading?: boolean;
  /** a message shows an error state (an alert titled Error) instead of rows */
  error?: string | null;
  /** a "Try again" button in the error state */
  onRetry?: () => void;
  /** no rows at all (default "There are no results.", the spec's wording for empty tables) */
  emptyMessage?: string;
  /** rows exist but none matches the search (default "No entries match your search.") */
  noMatchMessage?: string;
  /** expandable rows: the panel shown under a row when its toggle is open */
  renderExpanded?: (row: T) => ReactNode;
  /** which rows have a panel (default all, when `renderExpanded` is given) */
  canExpand?: (row: T) => boolean;
  /** how a row is named to a screen reader ("Show details for …"); default the first column's text */
  getRowLabel?: (row: T) => string;
  /** a "Load more" footer for lists the server hands out in pages (commission statements) */
  loadMore?: DataTableLoadMore;
  /** a Print button; printing (also Ctrl+P) shows every row, up to 2000, without the app's chrome */
  printable?: boolean;
  /** extra controls beside the search box (Download, Reload, a filter) */
  toolbar?: ReactNode;
  /** below this width the table scrolls sideways inside its box (default 640 px) */
  minWidth?: number;
  /**
   * On a phone (below 576 px): 'cards' (default) shows each row as a card, every cell on its own line under its
   * column's name, so no column (an action, a name) sits off-screen; 'scroll' keeps the table, scrolling sideways.
   */
  phoneLayout?: 'cards' | 'scroll';
  /** space left and right in each cell (Mantine's Table default, 'xs', unless given): tighter for many columns */
  horizontalSpacing?: number;
}

/*
 * The table's state (the sorted column, the page, the open rows) is React state here; the search, the order
 * and the page slice come from RowIndex (data-table-model.ts), which computes each row's search text and each
 * column's sort keys once per `data` array (a generic row model calling `row.getValue` several times per
 * comparison measured 100-160 ms a sort at 10,000 rows in Chromium; keys compared with `<` take a few
 * milliseconds). Only the rows of the page on screen are rendered. No table library: the one this replaced
 * (TanStack Table in manual mode) only held this state and cost about 10 KB gzipped per table route
 * (docs/decisions/web-loading-and-budget.md).
 */

const NO_ROWS: never[] = [];

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The one table every list uses (docs/architecture.md, DataTable): React state for the sort, the page and the
 * open rows, RowIndex for the search and the order, Mantine for the markup. Sorting by header buttons
 * (`aria-sort` on the sorted column), a case-insensitive search
 * over the columns marked `searchable`, Previous / numbered pages / Next, 10/25/50/100 rows per page, the
 * spec's "Showing x to y of z entries" (announced politely), expandable rows, loading, empty and error
 * states, an optional "Load more" footer and a print mode that prints every row. Only the current page is
 * rendered, so 10,000 rows stay smooth; the search runs on a deferred value so typing never waits for it.
 * With `server` the same table shows one page of a list the server pages and sorts (the caller holds page and
 * sort); a queue's checkboxes are a column (data-table-selection.tsx).
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const {
    data,
    columns,
    getRowId,
    caption,
    hideCaption = false,
    initialSort,
    initialPageSize = DEFAULT_PAGE_SIZE,
    paginate = true,
    searchLabel = 'Search',
    isLoading = false,
    error = null,
    onRetry,
    emptyMessage = 'There are no results.',
    noMatchMessage = 'No entries match your search.',
    renderExpanded,
    canExpand,
    getRowLabel,
    loadMore,
    printable = false,
    toolbar,
    minWidth = 640,
    phoneLayout = 'cards',
    horizontalSpacing,
    server,
  } = props;
  const isServer = server !== undefined;
  const ids = useId();
  const captionId = `${ids}-caption`;
  // Rows that arrive (a screen's query answering, a refetch) are drawn as a transition, in slices: the update that
  // brings them renders the table as it was, so it never holds a phone's main thread for the whole table
  // (docs/decisions/web-loading-and-budget.md). Until the first rows are drawn the table shows its loading state.
  const shown = useDeferredValue(data);
  const rows = (shown ?? NO_ROWS) as T[];

  const [sort, setSort] = useState<ColumnSort | undefined>(() =>
    initialSort ? { id: initialSort.id, desc: initialSort.desc ?? false } : undefined,
  );
  const [pagination, setPagination] = useState<{ pageIndex: number; pageSize: number }>({
    pageIndex: 0,
    pageSize: initialPageSize,
  });
  const [search, setSearch] = useState('');
  const query = useDeferredValue(normaliseSearch(search));
  // the open rows by row id: they stay open across sorting, searching and pages
  const [expanded, setExpanded] = useState<Readonly<Record<string, boolean>>>({});
  const [isPrinting, setPrinting] = useState(false);

  const isSearchable = columns.some((column) => column.searchable);
  const isExpandable = renderExpanded !== undefined;
  const showAll = !isServer && (!paginate || isPrinting);
  const isPaged = isServer || paginate;

  // search → order → page, each step recomputed only when its inputs change (the server did all three for `server`)
  const index = useMemo(() => new RowIndex(rows, columns), [rows, columns]);
  const matches = useMemo(() => index.filter(query), [index, query]);
  const ordered = useMemo(() => index.sort(matches, sort), [index, matches, sort]);
  const total = server ? server.total : ordered.length;
  const pageSize = server
    ? server.pageSize
    : showAll
      ? paginate
        ? PRINT_PAGE_SIZE
        : Math.max(1, total)
      : pagination.pageSize;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // a shorter list (new data, a search) never leaves the pager past its end
  const pageIndex = server ? server.page - 1 : showAll ? 0 : Math.min(pagination.pageIndex, pageCount - 1);
  const pageRows = useMemo(
    () =>
      isServer
        ? rows
        : ordered.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize).map((position) => rows[position]!),
    [isServer, ordered, pageIndex, pageSize, rows],
  );
  useLayoutEffect(() => {
    if (!showAll && pageIndex !== pagination.pageIndex) setPagination((current) => ({ ...current, pageIndex }));
  }, [showAll, pageIndex, pagination.pageIndex]);

  // the order shown: the table's own, or the server's (`key`, `-key` descending)
  const order = server ? server.sort : sort;
  // a header click sorts by its column: ascending first, then it flips (one column at a time, never unsorted);
  // a new order starts again at the first page (the caller's, for `server`)
  const sortBy = (id: string) => {
    const desc = order?.id === id && !order.desc;
    if (server) return server.onSortChange?.({ id, desc });
    setSort({ id, desc });
    setPagination((current) => ({ ...current, pageIndex: 0 }));
  };
  const goTo = (next: number) =>
    server ? server.onPageChange(next + 1) : setPagination((current) => ({ ...current, pageIndex: next }));

  // Ctrl+P prints every row too: switch before the browser lays the page out, switch back afterwards
  useEffect(() => {
    if (!printable) return;
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [printable]);

  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };

  const columnCount = columns.length + (isExpandable ? 1 : 0);
  const rowLabel = (row: T) => getRowLabel?.(row) ?? (columns[0] ? formatValue(columns[0].value?.(row)) : '');

  const stateRow = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={columnCount} className={classes.stateCell}>
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
          {onRetry && (
            <Button size="compact-sm" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          )}
        </Group>
      </Alert>,
    );
  } else if (pageRows.length === 0 && (isLoading || shown === undefined)) {
    body = stateRow(
      <Group justify="center" gap="xs">
        <Loader size="sm" aria-label="Loading" />
        <Text c="dimmed" size="sm">
          Loading…
        </Text>
      </Group>,
    );
  } else if (pageRows.length === 0) {
    body = stateRow(
      <Text c="dimmed" size="sm">
        {rows.length === 0 ? emptyMessage : noMatchMessage}
      </Text>,
    );
  } else {
    body = pageRows.map((row) => {
      const id = getRowId(row);
      const canOpen = isExpandable && (canExpand?.(row) ?? true);
      const isOpen = expanded[id] === true;
      const detailsId = `${ids}-details-${id}`;
      return (
        <Fragment key={id}>
          <Table.Tr>
            {isExpandable && (
              <Table.Td w={44}>
                {canOpen && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    className={classes.noPrint}
                    aria-expanded={isOpen}
                    aria-controls={isOpen ? detailsId : undefined}
                    aria-label={`${isOpen ? 'Hide' : 'Show'} details for ${rowLabel(row)}`}
                    onClick={() => setExpanded((current) => ({ ...current, [id]: !isOpen }))}
                  >
                    <IconChevronRight
                      size={18}
                      aria-hidden="true"
                      className={classes.toggleIcon}
                      data-expanded={isOpen || undefined}
                    />
                  </ActionIcon>
                )}
              </Table.Td>
            )}
            {columns.map((column) => (
              <Table.Td
                key={column.id}
                // the column's name beside the value when a phone shows the row as a card
                data-label={column.header || undefined}
                style={{ textAlign: column.align, whiteSpace: column.noWrap ? 'nowrap' : undefined }}
              >
                <div className={classes.value}>{column.cell ? column.cell(row) : formatValue(column.value?.(row))}</div>
              </Table.Td>
            ))}
          </Table.Tr>
          {isOpen && renderExpanded && (
            <Table.Tr id={detailsId} className={classes.details}>
              <Table.Td colSpan={columnCount}>{renderExpanded(row)}</Table.Td>
            </Table.Tr>
          )}
        </Fragment>
      );
    });
  }

  const hasToolbar = isSearchable || printable || toolbar !== undefined || (paginate && !isServer);

  return (
    <div data-printing={isPrinting || undefined} className={phoneLayout === 'cards' ? classes.cards : undefined}>
      {hasToolbar && (
        <Group justify="space-between" align="flex-end" gap="sm" mb="sm" className={classes.noPrint}>
          {paginate && !isServer ? (
            <NativeSelect
              label="Rows per page"
              size="sm"
              w={120}
              data={PAGE_SIZE_OPTIONS.map(String)}
              value={String(pagination.pageSize)}
              onChange={(event) => setPagination({ pageIndex: 0, pageSize: Number(event.currentTarget.value) })}
            />
          ) : (
            <span />
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            {toolbar}
            {printable && (
              <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden="true" />} onClick={print}>
                Print
              </Button>
            )}
            {isSearchable && (
              <TextInput
                type="search"
                label={searchLabel}
                size="sm"
                w={{ base: '100%', xs: 240 }}
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPagination((current) => ({ ...current, pageIndex: 0 }));
                }}
              />
            )}
          </Group>
        </Group>
      )}

      {/* a focusable region so keyboard users can scroll a wide table sideways (axe scrollable-region-focusable) */}
      <div
        className={classes.scroller}
        role="region"
        aria-labelledby={props.regionLabel === undefined ? captionId : undefined}
        aria-label={props.regionLabel}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        <Table
          className={classes.table}
          miw={minWidth}
          striped
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing={horizontalSpacing}
          aria-busy={isLoading || undefined}
        >
          <Table.Caption id={captionId} className={hideCaption ? classes.visuallyHidden : classes.caption}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {isExpandable && (
                <Table.Th w={44}>
                  <span className={classes.visuallyHidden}>Details</span>
                </Table.Th>
              )}
              {columns.map((column) => {
                const sortId = server ? column.sortKey : column.id;
                const canSort =
                  sortId !== undefined &&
                  (server ? server.onSortChange !== undefined : (column.sortable ?? column.value !== undefined));
                const sorted = sortId !== undefined && order?.id === sortId ? (order.desc ? 'desc' : 'asc') : false;
                const header = column.headerCell ?? column.header;
                return (
                  <Table.Th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted ? ARIA_SORT[sorted] : undefined}
                    className={sorted ? classes.sorted : undefined}
                    style={{
                      textAlign: column.align,
                      width: column.width,
                      whiteSpace: column.wrapHeader ? 'normal' : 'nowrap',
                    }}
                  >
                    {canSort ? (
                      <UnstyledButton className={classes.sortButton} onClick={() => sortBy(sortId)}>
                        {column.header}
                        {sorted === 'asc' ? (
                          <IconSortAscending size={16} aria-hidden="true" className={classes.sortIcon} />
                        ) : sorted === 'desc' ? (
                          <IconSortDescending size={16} aria-hidden="true" className={classes.sortIcon} />
                        ) : (
                          <IconSelector size={16} aria-hidden="true" className={classes.sortIcon} />
                        )}
                      </UnstyledButton>
                    ) : (
                      header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </div>

      {isPaged && (
        <Group justify="space-between" align="center" gap="sm" mt="sm" className={classes.noPrint}>
          {/* a queue's own messages are its page's status: a server-paged count is announced, but not a status */}
          <Text size="sm" role={isServer ? undefined : 'status'} aria-live={isServer ? 'polite' : undefined}>
            {showingText({
              pageIndex,
              pageSize: server ? pageSize : pagination.pageSize,
              total,
              capped: server?.totalCapped,
            })}
          </Text>
          <DataTablePager
            pageIndex={pageIndex}
            pageCount={pageCount}
            hasMore={server?.totalCapped}
            onPageChange={goTo}
          />
        </Group>
      )}
      {loadMore && (loadMore.hasMore ?? true) && (
        <Group justify="center" mt="md" className={classes.noPrint}>
          <Button variant="light" onClick={loadMore.onLoadMore} loading={loadMore.isLoading}>
            {loadMore.label ?? 'Load more'}
          </Button>
        </Group>
      )}
    </div>
  );
}

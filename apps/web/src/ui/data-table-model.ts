/**
 * The pure parts of the DataTable: value comparison, search text and the footer's wording. No React, no
 * TanStack, so they are unit-tested on their own and the bench measures the same code the screen runs.
 */

/** What a column yields for sorting and (unless it says otherwise) for searching. */
export type DataTableValue = string | number | Date | boolean | null | undefined;

/** Rows-per-page choices (docs/architecture.md, DataTable). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** Print mode prints every row up to this many (the spec's print page size). */
export const PRINT_PAGE_SIZE = 2000;

const isEmpty = (value: DataTableValue): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/** What rows are ordered by: numbers (numbers, dates, booleans), normalised text, or undefined (empty). */
export type SortKey = number | string | undefined;

const DIACRITICS = /[\u0300-\u036f]/g;

/**
 * A value's sort key, computed once per row and column: dates and booleans become numbers; text is
 * lower-cased without accents, and every run of digits is zero-padded so plain string comparison puts
 * "Item 2" before "Item 10". Comparing keys is then a `<`, which keeps sorting 10,000 rows to a few
 * milliseconds (a collator compare per pair costs ten times more).
 */
export function sortKey(value: DataTableValue): SortKey {
  if (isEmpty(value)) return undefined;
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? undefined : time;
  }
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const text = value.normalize('NFD').replace(DIACRITICS, '').toLowerCase().trim();
  return /\d/.test(text) ? text.replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(16, '0')) : text;
}

/** Ascending order of two keys; numbers before text; empty (undefined) last. */
export function compareKeys(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a !== typeof b) return typeof a === 'number' ? -1 : 1;
  return a < b ? -1 : 1;
}

/** Ascending order of two column values (see {@link sortKey}); empty values last. */
export const compareValues = (a: DataTableValue, b: DataTableValue): number => compareKeys(sortKey(a), sortKey(b));

// made on first use, not as the module loads: the route's modules all run in one task
// (docs/decisions/web-loading-and-budget.md)
let dateFormat: Intl.DateTimeFormat | undefined;
let numberFormat: Intl.NumberFormat | undefined;
const formatDate = (date: Date) =>
  (dateFormat ??= new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' })).format(date);
const formatNumber = (number: number) =>
  (numberFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 })).format(number);

/** How a value reads in a cell and in the search: dates as MM/DD/YYYY, numbers with separators. */
export function formatValue(value: DataTableValue): string {
  if (isEmpty(value)) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDate(value);
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** What the row pipeline needs of a column. */
export interface IndexColumn<T> {
  id: string;
  value?: (row: T) => DataTableValue;
  searchable?: boolean;
  searchText?: (row: T) => string;
}

export interface ColumnSort {
  id: string;
  desc: boolean;
}

/**
 * The rows of one `data` array with what searching and sorting need, computed lazily and once: a
 * lower-cased search text per row (the searchable columns, kept apart so a match never spans two) and the
 * sort keys of a column the first time it is sorted on.
 */
export class RowIndex<T> {
  readonly rows: readonly T[];
  private readonly columns: ReadonlyMap<string, IndexColumn<T>>;
  private readonly searchable: readonly IndexColumn<T>[];
  private readonly keys = new Map<string, SortKey[]>();
  private haystacks: string[] | undefined;

  constructor(rows: readonly T[], columns: readonly IndexColumn<T>[]) {
    this.rows = rows;
    this.columns = new Map(columns.map((column) => [column.id, column]));
    this.searchable = columns.filter((column) => column.searchable);
  }

  /** Row positions whose searchable text contains `query` (already normalised); all rows for an empty query. */
  filter(query: string): number[] {
    if (!query) return this.rows.map((_, i) => i);
    const haystacks = (this.haystacks ??= this.rows.map((row) =>
      this.searchable
        .map((column) => (column.searchText ? column.searchText(row) : formatValue(column.value?.(row))).toLowerCase())
        .join('\u0000'),
    ));
    const matches: number[] = [];
    for (let i = 0; i < haystacks.length; i += 1) if (haystacks[i]!.includes(query)) matches.push(i);
    return matches;
  }

  /** `positions` ordered by one column; ties keep the data's order; empty values last either way. */
  sort(positions: number[], sort: ColumnSort | undefined): number[] {
    const column = sort && this.columns.get(sort.id);
    if (!sort || !column) return positions;
    let keys = this.keys.get(column.id);
    if (!keys) {
      keys = this.rows.map((row) => sortKey(column.value?.(row)));
      this.keys.set(column.id, keys);
    }
    const sortKeys = keys;
    const direction = sort.desc ? -1 : 1;
    // empty values last in both directions; ties in data order
    const emptyLast = (a: SortKey, b: SortKey, i: number, j: number) => (a === b ? i - j : a === undefined ? 1 : -1);
    // one comparator per kind of column keeps the engine's comparison monomorphic (3-5x faster than mixed)
    if (sortKeys.every((key) => key === undefined || typeof key === 'number')) {
      const numbers = sortKeys;
      return [...positions].sort((i, j) => {
        const a = numbers[i];
        const b = numbers[j];
        if (a === undefined || b === undefined) return emptyLast(a, b, i, j);
        return (a - b) * direction || i - j;
      });
    }
    if (sortKeys.every((key) => key === undefined || typeof key === 'string')) {
      const texts = sortKeys;
      return [...positions].sort((i, j) => {
        const a = texts[i];
        const b = texts[j];
        if (a === undefined || b === undefined) return emptyLast(a, b, i, j);
        return a === b ? i - j : (a < b ? -1 : 1) * direction;
      });
    }
    return [...positions].sort((i, j) => {
      const a = sortKeys[i];
      const b = sortKeys[j];
      if (a === undefined || b === undefined) return emptyLast(a, b, i, j);
      return compareKeys(a, b) * direction || i - j;
    });
  }
}

/** Search text is compared lower-cased and trimmed: the search is a case-insensitive substring match. */
export const normaliseSearch = (text: string): string => text.trim().toLowerCase();

/**
 * The spec's footer: "Showing x to y of z entries" (0 to 0 of 0 when there is nothing); "of z+ entries" when the
 * server stopped counting at z.
 */
export function showingText({
  pageIndex,
  pageSize,
  total,
  capped = false,
}: {
  pageIndex: number;
  pageSize: number;
  total: number;
  capped?: boolean;
}) {
  if (total === 0) return 'Showing 0 to 0 of 0 entries';
  const from = pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  return `Showing ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}${capped ? '+' : ''} entries`;
}

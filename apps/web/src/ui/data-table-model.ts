/**
 * The pure parts of the DataTable: value comparison, search text and the footer's wording. No React, no
 * TanStack, so they are unit-tested on their own and the bench measures the same code the screen runs.
 */

/** What a column yields for sorting and (unless it says otherwise) for searching. */
export type DataTableValue = string | number | Date | boolean | null | undefined;

/** Rows-per-page choices (design §3). */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** Print mode prints every row up to this many (spec part 2 §9: print table page size 2000). */
export const PRINT_PAGE_SIZE = 2000;

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

const isEmpty = (value: DataTableValue): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

/**
 * Ascending order of two column values: numbers and dates by magnitude, text case-insensitively with digits
 * compared as numbers ("Item 2" before "Item 10"). Empty values come last in both directions (the table
 * handles that with `sortUndefined`), so they are turned into `undefined` by {@link sortKey}.
 */
export function compareValues(a: DataTableValue, b: DataTableValue): number {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) ? (isEmpty(b) ? 0 : 1) : -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** The value the table sorts on: empty values become undefined so they always sort last. */
export function sortKey(value: DataTableValue): DataTableValue {
  return isEmpty(value) ? undefined : value;
}

/** How a value reads in a cell and in the search: dates as MM/DD/YYYY, numbers with separators. */
export function formatValue(value: DataTableValue): string {
  if (isEmpty(value)) return '';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime())
      ? ''
      : value.toLocaleDateString('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });
  }
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value;
}

/** Search text is compared lower-cased and trimmed: the search is a case-insensitive substring match. */
export const normaliseSearch = (text: string): string => text.trim().toLowerCase();

/** The spec's footer: "Showing x to y of z entries" (0 to 0 of 0 when there is nothing). */
export function showingText({ pageIndex, pageSize, total }: { pageIndex: number; pageSize: number; total: number }) {
  if (total === 0) return 'Showing 0 to 0 of 0 entries';
  const from = pageIndex * pageSize + 1;
  const to = Math.min(total, (pageIndex + 1) * pageSize);
  return `Showing ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} entries`;
}

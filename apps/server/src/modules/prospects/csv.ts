/**
 * The T65 list file format (docs/t65-import.md): UTF-8 CSV, one record per line, a header line naming the columns
 * below (in any order; extra columns are ignored), fields quoted with " when they hold a comma or a quote (read and written with platform/csv.ts).
 */
export const T65_CSV_COLUMNS = [
  't65',
  'prefix',
  'first_name',
  'middle',
  'last_name',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'county',
  'phone',
  'ncoa_date',
] as const;
export type T65CsvColumn = (typeof T65_CSV_COLUMNS)[number];

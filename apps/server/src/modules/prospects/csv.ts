/**
 * The T65 list file format (docs/t65-import.md): UTF-8 CSV, one record per line, a header line naming the columns
 * below (in any order; extra columns are ignored), fields quoted with " when they hold a comma or a quote.
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

/** Splits one CSV line; null when its quotes do not balance. */
export function parseCsvLine(line: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < line.length) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
    i += 1;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

const needsQuotes = /[",\r\n]/;
export const csvField = (value: string) => (needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
export const csvLine = (values: readonly string[]) => values.map(csvField).join(',');

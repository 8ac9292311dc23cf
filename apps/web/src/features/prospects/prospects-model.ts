import { formatProspectDate, POSTAL_CODE_LENGTH, type ProspectRow } from '@arc/contract';
import { normaliseSearch } from '../../ui/data-table-model.ts';

/** The postal codes present in the results, sorted. */
export const postalCodesOf = (rows: readonly ProspectRow[]): string[] =>
  [...new Set(rows.map((r) => r.zipcode))].toSorted();

/** Every field of a row as the table shows it, for the free-text Search (case-insensitive substring). */
export const rowText = (row: ProspectRow): string =>
  [
    formatProspectDate(row.T65),
    row.prefex,
    row.FirstName,
    row.Middle,
    row.Lastname,
    row.Address1,
    row.Address2,
    row.City,
    row.State,
    row.zipcode,
    row.county,
    row.phone,
  ]
    .join(' ')
    .toLowerCase();

/**
 * The rows the table shows: postal codes moved to the exclude list are left out, then the Search text. The
 * download sends exactly these rows (their ids), so the file matches the screen.
 */
export function visibleRows(
  rows: readonly ProspectRow[],
  excluded: ReadonlySet<string>,
  search: string,
): ProspectRow[] {
  const query = normaliseSearch(search);
  return rows.filter((row) => !excluded.has(row.zipcode) && (!query || rowText(row).includes(query)));
}

export type AddPostalCode = { ok: true; codes: string[] } | { ok: false };

/** Spec §5: exactly 5 digits; a code already chosen is ignored. */
export function addPostalCode(codes: readonly string[], entry: string): AddPostalCode {
  const code = entry.trim();
  if (code.length !== POSTAL_CODE_LENGTH || !/^\d+$/.test(code)) return { ok: false };
  return { ok: true, codes: codes.includes(code) ? [...codes] : [...codes, code] };
}

import {
  dateRangeProblem,
  DEFAULT_STATE,
  formatProspectDate,
  isIsoDate,
  POSTAL_CODE_LENGTH,
  PROSPECT_MAX_LOCATIONS,
  STATE_CODES,
  type ProspectRow,
  type ProspectSearch,
  type StateCode,
} from '@arc/contract';
import { normaliseSearch } from '../../ui/data-table-model.ts';
import type { PlaceValue } from '../../ui/place-value.ts';

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

export type AddPostalCode =
  { ok: true; code: string; codes: string[]; isNew: boolean } | { ok: false; reason: 'invalid' | 'too-many' };

/**
 * Spec §5: exactly 5 digits; a code already chosen is ignored; at most 50 in a search (what the server takes).
 * Whether the code is a real one is asked of the server (`isNew` says whether to ask).
 */
export function addPostalCode(codes: readonly string[], entry: string): AddPostalCode {
  const code = entry.trim();
  if (code.length !== POSTAL_CODE_LENGTH || !/^\d+$/.test(code)) return { ok: false, reason: 'invalid' };
  if (codes.includes(code)) return { ok: true, code, codes: [...codes], isNew: false };
  if (codes.length >= PROSPECT_MAX_LOCATIONS) return { ok: false, reason: 'too-many' };
  return { ok: true, code, codes: [...codes, code], isNew: true };
}

// ── the search in the address ─────────────────────────────────────────────────────────────────────

/** What the address of /prospects holds: the step, and the search once a list has run (Back, Forward, reload). */
export type ProspectsLocation =
  | { step: 'choose' }
  | { step: 'form'; kind: 'county' | 'zip'; form: ProspectsFormValue | null }
  | { step: 'list'; kind: 'county' | 'zip'; form: ProspectsFormValue; search: ProspectSearch };

export interface ProspectsFormValue {
  place: PlaceValue;
  zips: string[];
  age: number;
  datefrom: string;
  dateto: string;
}

const isKind = (value: string | null): value is 'county' | 'zip' => value === 'county' || value === 'zip';
const isState = (value: string | null): value is StateCode => STATE_CODES.includes(value as StateCode);

/** The address's search parameters for a step: `?search=zip&zip=53703&age=65&from=…&to=…&list=1`. */
export function prospectsParams(
  kind: 'county' | 'zip' | null,
  form?: ProspectsFormValue,
  isList = false,
): URLSearchParams {
  const params = new URLSearchParams();
  if (!kind) return params;
  params.set('search', kind);
  if (!form) return params;
  if (kind === 'county') {
    params.set('state', form.place.state);
    for (const county of form.place.counties) params.append('county', `${county.id}|${county.label}`);
  } else {
    for (const zip of form.zips) params.append('zip', zip);
  }
  params.set('age', String(form.age));
  params.set('from', form.datefrom);
  params.set('to', form.dateto);
  if (isList) params.set('list', '1');
  return params;
}

/** The step and search an address names; anything malformed falls back to the form or the choice. */
export function readProspectsParams(params: URLSearchParams): ProspectsLocation {
  const kind = params.get('search');
  if (!isKind(kind)) return { step: 'choose' };
  const datefrom = params.get('from') ?? '';
  const dateto = params.get('to') ?? '';
  const age = Number(params.get('age'));
  const state = params.get('state');
  if (!isIsoDate(datefrom) || !isIsoDate(dateto) || !Number.isInteger(age)) return { step: 'form', kind, form: null };
  const counties = params
    .getAll('county')
    .map((value) => {
      const [id = '', ...label] = value.split('|');
      return { id, label: label.join('|') || id };
    })
    .filter((county) => /^\d{5}$/.test(county.id));
  const zips = params.getAll('zip').filter((zip) => /^\d{5}$/.test(zip));
  const form: ProspectsFormValue = {
    place: { state: isState(state) ? state : DEFAULT_STATE, counties },
    zips,
    age,
    datefrom,
    dateto,
  };
  const range = { datefrom, dateto };
  const search: ProspectSearch | null =
    kind === 'county'
      ? counties.length > 0
        ? { kind, county: counties.map((c) => c.id), ...range }
        : null
      : zips.length > 0
        ? { kind, zips, ...range }
        : null;
  if (params.get('list') === '1' && search && !dateRangeProblem(range)) return { step: 'list', kind, form, search };
  return { step: 'form', kind, form };
}

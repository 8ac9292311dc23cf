import { isIsoDate, isoDate, STATE_CODES } from '@arc/contract';
import type { T65CsvColumn } from './csv.ts';
import type { PlacesIndex } from './places-index.ts';

/** One prospect as stored (without its id, which is its position in the load). */
export interface ProspectInput {
  t65: string;
  prefix: string;
  firstName: string;
  middle: string;
  lastName: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  countyFips: string;
  countyName: string;
  phone: string;
}

export type Validated = { ok: true; row: ProspectInput; ncoaDate: string } | { ok: false; reason: string };

const STATES: ReadonlySet<string> = new Set(STATE_CODES);
const MAX_TEXT = 100;
/** The oldest and youngest 65th birthdays a list may hold: anyone alive, anyone born by now. */
const T65_MIN = '1925-01-01';
const T65_MAX = '2100-12-31';

/** YYYY-MM-DD or M/D/YYYY (the spec's display format), as YYYY-MM-DD; null when not a real date. */
export function parseListDate(value: string): string | null {
  const trimmed = value.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed);
  if (!us) return null;
  const iso = isoDate(Number(us[3]), Number(us[1]), Number(us[2]));
  return isIsoDate(iso) ? iso : null;
}

/** 10 digits (a leading 1 is dropped) shown as 555-123-4567; empty stays empty; null when not a US number. */
export function normalisePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return '';
  if (/[^\d\s().+-]/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10 || /^[01]/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Checks one record of the file against the format and the shared places: real dates, a known state, a county of
 * that state (FIPS code or name), a ZIP code of that county, a US phone number or none. Answers the row or why not.
 */
export function validateProspectRecord(record: Record<T65CsvColumn, string>, places: PlacesIndex): Validated {
  const text = (column: T65CsvColumn) => (record[column] ?? '').trim();
  for (const column of ['first_name', 'last_name', 'address1', 'city'] as const) {
    if (!text(column)) return { ok: false, reason: `${column} is empty` };
  }
  for (const column of ['prefix', 'first_name', 'middle', 'last_name', 'address1', 'address2', 'city'] as const) {
    if (text(column).length > MAX_TEXT) return { ok: false, reason: `${column} is longer than ${MAX_TEXT} characters` };
  }
  const t65 = parseListDate(text('t65'));
  if (!t65) return { ok: false, reason: `t65 "${text('t65')}" is not a date (YYYY-MM-DD or M/D/YYYY)` };
  if (t65 < T65_MIN || t65 > T65_MAX) return { ok: false, reason: `t65 ${t65} is out of range` };
  const ncoaDate = parseListDate(text('ncoa_date'));
  if (!ncoaDate) return { ok: false, reason: `ncoa_date "${text('ncoa_date')}" is not a date` };

  const state = text('state').toUpperCase();
  if (!STATES.has(state)) return { ok: false, reason: `state "${text('state')}" is not a state code` };
  const countyText = text('county');
  const county = /^\d{5}$/.test(countyText) ? places.counties.get(countyText) : places.countyByName(state, countyText);
  if (!county || county.state !== state)
    return { ok: false, reason: `county "${countyText}" is not a county of ${state}` };

  const zip = text('zip').replace(/-\d{4}$/, '');
  if (!/^\d{5}$/.test(zip)) return { ok: false, reason: `zip "${text('zip')}" is not a 5-digit ZIP code` };
  const place = places.zips.get(zip);
  if (!place) return { ok: false, reason: `zip ${zip} is not a known ZIP code` };
  if (place.countyFips !== county.fips) return { ok: false, reason: `zip ${zip} is not in ${county.name}, ${state}` };

  const phone = normalisePhone(text('phone'));
  if (phone === null) return { ok: false, reason: `phone "${text('phone')}" is not a 10-digit US number` };

  return {
    ok: true,
    ncoaDate,
    row: {
      t65,
      prefix: text('prefix'),
      firstName: text('first_name'),
      middle: text('middle'),
      lastName: text('last_name'),
      address1: text('address1'),
      address2: text('address2'),
      city: text('city'),
      state,
      zip,
      countyFips: county.fips,
      countyName: county.name,
      phone,
    },
  };
}

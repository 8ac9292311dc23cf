import * as z from 'zod/mini';
import { boundedLength } from './common.ts';

/**
 * The one time rule (issue 45, docs/decisions/soa-and-ready-to-sell.md): an instant shown to a person is written in
 * a named time zone and always says which (`formatInstant`); a business date (an order date, a statement date, a
 * plan year's rule) is a date in the business time zone (`TZ_BUSINESS`), written as a date (`formatBusinessDate`).
 * Whose zone: an agent's own (a profile setting, by default from their state: `agentTimeZone`), a staff member's
 * (a setting, by default `TZ_BUSINESS`), and for what a beneficiary reads, the zone the appointment was booked in.
 */

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TIME_ZONE_MESSAGE = 'Choose a time zone.';
/** An IANA time zone, as a setting or a request field (bounded: contract-input-time.test.ts). */
export const TimeZoneSchema = z
  .string()
  .check(boundedLength(64, TIME_ZONE_MESSAGE), z.refine(isTimeZone, TIME_ZONE_MESSAGE));

/** The zones the settings offer (US, including its territories); a stored zone outside the list is shown too. */
export const US_TIME_ZONES = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no daylight saving (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
  { value: 'America/Puerto_Rico', label: 'Atlantic (Puerto Rico, Virgin Islands)' },
  { value: 'Pacific/Guam', label: 'Chamorro (Guam, Northern Mariana Islands)' },
  { value: 'Pacific/Pago_Pago', label: 'Samoa (American Samoa)' },
] as const;

/** Each state's zone where most of its people live (a state across two zones takes the larger). */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Denver',
  IL: 'America/Chicago',
  IN: 'America/New_York',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/New_York',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
  VI: 'America/Puerto_Rico',
  GU: 'Pacific/Guam',
  MP: 'Pacific/Guam',
  AS: 'Pacific/Pago_Pago',
};

/** An agent's zone: their setting, else their state's, else the business zone. */
export function agentTimeZone(setting: string | null, state: string | null, businessTimeZone: string): string {
  if (setting && isTimeZone(setting)) return setting;
  return (state && STATE_TIME_ZONES[state.toUpperCase()]) || businessTimeZone;
}

/**
 * How an instant is written: `short` "Dec 17, 2026, 10:00 AM CST"; `weekday` "Thu, Dec 17, 2026, 10:00 AM CST";
 * `long` "Thursday, December 17, 2026 at 10:00 AM CST"; `seconds` (the audit log) "12/17/2026, 10:00:05 AM CST".
 * Every style names the zone.
 */
export type InstantStyle = 'short' | 'weekday' | 'long' | 'seconds';
export type InstantLocale = 'en-US' | 'es-US';

const INSTANT_STYLES: Record<InstantStyle, Intl.DateTimeFormatOptions> = {
  short: { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  weekday: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  long: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  seconds: { year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', second: '2-digit' },
};

const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** The one way an instant is written for a person: in `timeZone`, with the zone's name. */
export function formatInstant(
  at: Date | string,
  timeZone: string,
  style: InstantStyle = 'short',
  locale: InstantLocale = 'en-US',
): string {
  const format = formatFor(
    `${locale}|${style}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { ...INSTANT_STYLES[style], timeZone, timeZoneName: 'short' }),
  );
  return format.format(typeof at === 'string' ? new Date(at) : at);
}

/** The zone's short name at an instant ("CST" in winter, "CDT" in summer; "GMT+9" for Tokyo). */
export function timeZoneName(timeZone: string, at: Date = new Date()): string {
  const parts = formatFor(
    `name|${timeZone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
  ).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}

/** A business date: the calendar day of `at` in the business zone, written as a date ("Dec 17, 2026"). */
export function formatBusinessDate(
  at: Date | string,
  businessTimeZone: string,
  locale: InstantLocale = 'en-US',
): string {
  const format = formatFor(
    `${locale}|date|${businessTimeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: businessTimeZone }),
  );
  return format.format(typeof at === 'string' ? new Date(at) : at);
}

/**
 * The instant of a wall time (`YYYY-MM-DD`, `HH:MM`) in `timeZone`, or null when it is not a date and time. A time
 * skipped by a daylight-saving change is moved forward by the gap; a repeated one is its first occurrence.
 */
export function instantOfWallTime(date: string, time: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock || !isTimeZone(timeZone)) return null;
  const asUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(clock[1]), Number(clock[2]));
  if (Number.isNaN(asUtc)) return null;
  const offsetAt = (at: number) => {
    const parts = formatFor(
      `offset|${timeZone}`,
      () =>
        new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: 'numeric',
          day: 'numeric',
          hour: 'numeric',
          minute: 'numeric',
        }),
    ).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at;
  };
  // the offset before the wall time first (the earlier of two occurrences), then the one it lands in
  const first = asUtc - offsetAt(asUtc - 86_400_000);
  const settled = asUtc - offsetAt(first);
  return new Date(offsetAt(settled) === offsetAt(first) ? Math.min(first, settled) : Math.max(first, settled));
}

/** The wall date and time (`YYYY-MM-DD`, `HH:MM`) of an instant in `timeZone`: a form's initial values. */
export function wallTimeOf(at: Date, timeZone: string): { date: string; time: string } {
  const parts = formatFor(
    `wall|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
  ).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

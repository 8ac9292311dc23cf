/**
 * The one time rule (issue 45, docs/decisions/soa-and-ready-to-sell.md): an instant shown to a person is written in
 * a named time zone and always says which (`formatInstant`); a business date (an order date, a statement date, a
 * plan year's rule) is a date in the business time zone (`TZ_BUSINESS`), written as a date (`formatBusinessDate`).
 * Whose zone: an agent's own (a profile setting, by default from their state: `agentTimeZone` in time-zones.ts), a
 * staff member's (a setting, by default `TZ_BUSINESS`), and for what a beneficiary reads, the zone the appointment was
 * booked in. No zod here: every signed-in page writes times, and this file is all of it they load.
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
/** One `Intl.DateTimeFormat` per options, made on first use (each costs a lot to make, little to use). */
export function formatFor(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
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

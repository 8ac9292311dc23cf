import { formatBusinessDate, formatInstant, type InstantStyle } from '@arc/contract';
import { businessTimeZone, knownTimeZone, viewerTimeZone } from '../config.ts';

/**
 * The one time rule on screen (issue 45, contract `time-display.ts`): every instant is written in the viewer's zone
 * (`viewerTimeZone`, config.ts) with its name; a business date is a date in `TZ_BUSINESS`.
 */
export { setViewerTimeZone, viewerTimeZone } from '../config.ts';

/** An instant in the viewer's zone, with the zone's name ("Dec 17, 2026, 10:00 AM CST"). */
export const formatViewerInstant = (at: Date | string, style: InstantStyle = 'short'): string =>
  formatInstant(at, viewerTimeZone(), style);

/** An instant in a zone of its own (an SOA's appointment: the zone it was booked in), with the zone's name. */
export const formatInstantIn = (at: Date | string, timeZone: string, style: InstantStyle = 'short'): string =>
  formatInstant(at, knownTimeZone(timeZone), style);

/** A business date (an order date, a statement date): the day in `TZ_BUSINESS`, written as a date. */
export const formatBusinessDay = (at: Date | string): string => formatBusinessDate(at, businessTimeZone());

/** How long ago, in days and hours ("2 d 5 h", "3 h", "40 min"): a queue's age, the work dashboard's oldest. */
export function formatAge(from: Date | string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(from).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const rest = hours % 24;
  return rest === 0 ? `${hours / 24} d` : `${Math.floor(hours / 24)} d ${rest} h`;
}

/** A service level's hours as people say them: 48 → "2 d", 36 → "36 h". */
export const formatSlaHours = (hours: number): string => (hours % 24 === 0 ? `${hours / 24} d` : `${hours} h`);

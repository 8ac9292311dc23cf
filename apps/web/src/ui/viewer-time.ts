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

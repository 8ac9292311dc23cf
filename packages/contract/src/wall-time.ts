import { formatFor, isTimeZone } from './time-display.ts';

/** A form's date and time read in a named zone (issue 45: the SOA's appointment is booked in the agent's zone). */

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

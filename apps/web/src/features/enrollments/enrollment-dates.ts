import { businessTimeZone } from '../../config.ts';

function parts(at: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone(), ...options }).formatToParts(at)) {
    out[part.type] = part.value;
  }
  return out;
}

/** Client Enrollments: MM/DD/YYYY h:mm:ss a in America/Los_Angeles (spec part 2 §9), e.g. 11/02/2026 9:05:07 am. */
export function formatEnrollmentDate(at: Date): string {
  const p = parts(at, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  });
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}:${p.second} ${(p.dayPeriod ?? '').toLowerCase()}`;
}

/** Pended Enrollments: the long form, e.g. Monday, November 2, 2026 9:05 AM (America/Los_Angeles). */
export function formatEnrollmentLongDate(at: Date): string {
  const p = parts(at, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

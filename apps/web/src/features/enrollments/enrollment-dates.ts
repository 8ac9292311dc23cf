import { viewerTimeZone } from '../../ui/viewer-time.ts';

function parts(at: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-US', {
    timeZone: viewerTimeZone(),
    timeZoneName: 'short',
    ...options,
  }).formatToParts(at)) {
    out[part.type] = part.value;
  }
  return out;
}

/**
 * Client Enrollments: MM/DD/YYYY h:mm:ss a (spec part 2 §9) in the agent's zone, named (issue 45), e.g.
 * 11/02/2026 9:05:07 am PST.
 */
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
  return `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute}:${p.second} ${(p.dayPeriod ?? '').toLowerCase()} ${p.timeZoneName}`;
}

/** Pended Enrollments: the long form in the agent's zone, named, e.g. Monday, November 2, 2026 9:05 AM PST. */
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
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

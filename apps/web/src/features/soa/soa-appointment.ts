import {
  instantOfWallTime,
  SOA_EXCEPTION_LABELS,
  SOA_EXCEPTIONS,
  SOA_TEXT,
  soaWaitNote,
  type SoaWaitNote,
} from '@arc/contract';
import { businessTimeZone } from '../../config.ts';
import { formatInstantIn, viewerTimeZone } from '../../ui/viewer-time.ts';

/**
 * The appointment's instant from a form's date and time, read in the zone it is booked in (the agent's own zone, not
 * the browser's: issue 45), or null.
 */
export function appointmentOf(date: string, time: string, timeZone: string = viewerTimeZone()): Date | null {
  if (!date || !time) return null;
  return instantOfWallTime(date, time, timeZone);
}

/** The form's error for an appointment that is not after now (the server refuses it too), else null. */
export function pastAppointmentError(at: Date | null, now = new Date()): string | null {
  return at !== null && at.getTime() <= now.getTime() ? SOA_TEXT.appointmentPast : null;
}

/**
 * What the form says about the wait for this appointment asked for now: the time to sign by, or that it is within the
 * wait and which exceptions lift it; null when the rule set of its date has no wait (soa-rules.ts `soaWaitNote`).
 */
export function waitNote(at: Date | null, timeZone: string = viewerTimeZone(), now = new Date()): SoaWaitNote | null {
  return at === null ? null : soaWaitNote(at, now, { business: businessTimeZone(), appointment: timeZone });
}

export const EXCEPTION_OPTIONS = [
  { value: '', label: 'No exception' },
  ...SOA_EXCEPTIONS.map((value) => ({ value, label: SOA_EXCEPTION_LABELS[value] })),
];

/** An appointment as everyone reads it: in the zone it was booked in, named ("Wed, Sep 30, 2026, 10:00 AM CDT"). */
export const appointmentText = (at: Date, timeZone: string) => formatInstantIn(at, timeZone, 'weekday');

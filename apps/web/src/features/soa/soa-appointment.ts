import { isInsideWait, SOA_EXCEPTION_LABELS, SOA_EXCEPTIONS, soaRuleSetFor } from '@arc/contract';
import { businessTimeZone } from '../../config.ts';

/** The appointment's instant from a form's local date and time (the agent's own clock), or null. */
export function appointmentOf(date: string, time: string): Date | null {
  if (!date || !time) return null;
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Whether the rule set of this appointment's date (soa-rules.ts) asks for an exception when signed now. */
export function needsException(at: Date | null, now = new Date()): boolean {
  return at !== null && isInsideWait(soaRuleSetFor(at, businessTimeZone()), at, now);
}

export const EXCEPTION_OPTIONS = [
  { value: '', label: 'No exception' },
  ...SOA_EXCEPTIONS.map((value) => ({ value, label: SOA_EXCEPTION_LABELS[value] })),
];

/** An appointment as the agent reads it: "Wed, Sep 30, 2026, 10:00 AM". */
export const appointmentText = (at: Date) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);

/**
 * The Scope of Appointment's timing rules as data (issue 34, design §8, docs/decisions/soa-and-ready-to-sell.md): one
 * rule set per range of appointment dates, with its source named beside it. Next year's change is a new entry here,
 * never a code branch: the server flags signatures with it and the request form reads it to ask for an exception only
 * when one matters.
 */
import { formatInstant } from './time-display.ts';

/** The exceptions CMS names to the 48-hour wait. */
export const SOA_EXCEPTIONS = ['walk-in', 'beneficiary-initiated-call', 'election-period-end'] as const;
export type SoaException = (typeof SOA_EXCEPTIONS)[number];

export const SOA_EXCEPTION_LABELS: Record<SoaException, string> = {
  'walk-in': 'Walk-in (unscheduled, the beneficiary came in)',
  'beneficiary-initiated-call': 'The beneficiary called in',
  'election-period-end': 'Within four days of the end of an election period',
};

export interface SoaRuleSet {
  id: string;
  /** the first appointment date (YYYY-MM-DD in the business time zone) the set applies to */
  appointmentsFrom: string;
  /** the marketing it covers, as people say it */
  label: string;
  /** the signature must be in this many hours before the appointment, unless an exception is recorded; null: no wait */
  hoursBeforeAppointment: number | null;
  /** the exceptions that lift the wait */
  exceptions: readonly SoaException[];
  /** the SOA must be agreed before the appointment */
  signBeforeAppointment: boolean;
  /** an in-person appointment needs the SOA in writing (the signed e-SOA is written: it meets it) */
  inWritingWhenInPerson: boolean;
  /** where the rule comes from */
  source: string;
}

/** Oldest first; the set for an appointment is the last one whose `appointmentsFrom` is on or before its date. */
export const SOA_RULE_SETS: readonly SoaRuleSet[] = [
  {
    id: 'through-py2026',
    appointmentsFrom: '2000-01-01',
    label: 'Marketing of plan years through 2026',
    hoursBeforeAppointment: 48,
    exceptions: SOA_EXCEPTIONS,
    signBeforeAppointment: true,
    inWritingWhenInPerson: false,
    source:
      '42 CFR 422.2264(c)(3) and 423.2264(c)(3) (the 48-hour wait and its exceptions: beneficiary-initiated walk-ins ' +
      'and calls, the last four days of a valid election period); CMS Medicare Communications and Marketing Guidelines',
  },
  {
    id: 'py2027',
    appointmentsFrom: '2026-10-01',
    label: 'Marketing of plan year 2027 (from 1 October 2026)',
    hoursBeforeAppointment: null,
    exceptions: [],
    signBeforeAppointment: true,
    inWritingWhenInPerson: true,
    source:
      'CMS contract year 2027 Medicare Advantage and Part D final rule, amending 42 CFR 422.2264(c)(3) and ' +
      '423.2264(c)(3): no 48-hour wait; the scope agreed before the appointment, in writing when in person',
  },
];

/** How long a signed SOA is good for, and how long it is kept (the records rule of 42 CFR 422.504(d)). */
export const SOA_VALID_MONTHS = 12;
export const SOA_RETENTION_YEARS = 10;

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
export function dateIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The rule set for an appointment at `appointmentAt` (its date in the business time zone). */
export function soaRuleSetFor(
  appointmentAt: Date,
  timeZone: string,
  ruleSets: readonly SoaRuleSet[] = SOA_RULE_SETS,
): SoaRuleSet {
  const day = dateIn(appointmentAt, timeZone);
  const set = ruleSets.findLast((candidate) => candidate.appointmentsFrom <= day) ?? ruleSets[0];
  if (!set) throw new Error('no SOA rule set');
  return set;
}

/**
 * Whether a signature at `at` would be inside the wait of `ruleSet` (so an exception is worth recording): the form
 * asks for one when the appointment is that close.
 */
export function isInsideWait(ruleSet: SoaRuleSet, appointmentAt: Date, at: Date): boolean {
  if (ruleSet.hoursBeforeAppointment === null) return false;
  return appointmentAt.getTime() - at.getTime() < ruleSet.hoursBeforeAppointment * 60 * 60 * 1000;
}

/** What a list shows beside an SOA's status. */
export const SOA_FLAGS = [
  'signed-inside-wait',
  'signed-after-appointment',
  'unsigned-appointment-near',
  'unsigned-appointment-passed',
] as const;
export type SoaFlag = (typeof SOA_FLAGS)[number];

export const SOA_FLAG_LABELS: Record<SoaFlag, string> = {
  'signed-inside-wait': 'Signed less than 48 hours before the appointment, no exception recorded',
  'signed-after-appointment': 'Signed after the appointment started',
  'unsigned-appointment-near': 'Not signed yet, appointment within 48 hours',
  'unsigned-appointment-passed': 'Not signed before the appointment',
};

/** "Near": an unsigned SOA whose appointment is this close shows first and is flagged. */
export const SOA_NEAR_HOURS = 48;

export interface SoaFlagInput {
  appointmentAt: Date;
  exceptionReason: SoaException | null;
  signedAt: Date | null;
  /** false for a cancelled or replaced version: nothing to act on */
  isOpen: boolean;
}

/** The flags of one version at `now`, by the rule set of its appointment date. */
export function soaFlags(input: SoaFlagInput, now: Date, timeZone: string): SoaFlag[] {
  const ruleSet = soaRuleSetFor(input.appointmentAt, timeZone);
  const flags: SoaFlag[] = [];
  const { appointmentAt, signedAt } = input;
  if (signedAt) {
    if (
      isInsideWait(ruleSet, appointmentAt, signedAt) &&
      !(input.exceptionReason && ruleSet.exceptions.includes(input.exceptionReason)) &&
      signedAt < appointmentAt
    )
      flags.push('signed-inside-wait');
    if (ruleSet.signBeforeAppointment && signedAt >= appointmentAt) flags.push('signed-after-appointment');
    return flags;
  }
  if (!input.isOpen) return flags;
  if (appointmentAt <= now) flags.push('unsigned-appointment-passed');
  else if (appointmentAt.getTime() - now.getTime() < SOA_NEAR_HOURS * 60 * 60 * 1000)
    flags.push('unsigned-appointment-near');
  return flags;
}

/** The exceptions as a sentence names them (the wait's note). */
const SOA_EXCEPTION_PHRASES: Record<SoaException, string> = {
  'walk-in': 'a walk-in',
  'beneficiary-initiated-call': 'a call the beneficiary made',
  'election-period-end': 'the last four days of an election period',
};

const listed = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');

/** What the request form says about the wait: inside it (an exception is worth recording) or the time to sign by. */
export interface SoaWaitNote {
  isInsideWait: boolean;
  text: string;
}

/**
 * The wait's note for an appointment asked for at `now` (issue 45: right for every date), or null when the rule set of
 * the appointment's date (its date in the business zone) has no wait: nothing about 48 hours is said then. The wait
 * is elapsed time (48 × 60 minutes, weekends and nights included): across a change of daylight saving time in the
 * appointment's zone the time to sign by is not the appointment's wall time two days earlier. Times are written in the
 * appointment's zone, with its name.
 */
export function soaWaitNote(
  appointmentAt: Date,
  now: Date,
  zones: { business: string; appointment: string },
  ruleSets: readonly SoaRuleSet[] = SOA_RULE_SETS,
): SoaWaitNote | null {
  const ruleSet = soaRuleSetFor(appointmentAt, zones.business, ruleSets);
  const hours = ruleSet.hoursBeforeAppointment;
  if (hours === null) return null;
  const signBy = new Date(appointmentAt.getTime() - hours * 60 * 60 * 1000);
  const when = (at: Date) => formatInstant(at, zones.appointment, 'weekday');
  if (isInsideWait(ruleSet, appointmentAt, now)) {
    const exceptions = listed(ruleSet.exceptions.map((e) => SOA_EXCEPTION_PHRASES[e]));
    return {
      isInsideWait: true,
      text:
        `The appointment (${when(appointmentAt)}) is within ${hours} hours. ` +
        `The SOA must be signed ${hours} hours before the appointment unless an exception applies` +
        `${exceptions ? `: ${exceptions}` : ''}. Record the exception if one applies.`,
    };
  }
  return {
    isInsideWait: false,
    text: `The SOA must be signed by ${when(signBy)}, ${hours} hours before the appointment.`,
  };
}

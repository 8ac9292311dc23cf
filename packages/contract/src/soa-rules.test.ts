import { describe, expect, it } from 'vitest';
import { isInsideWait, SOA_RULE_SETS, soaFlags, soaRuleSetFor, soaWaitNote } from './soa-rules.ts';

const LA = 'America/Los_Angeles';

describe('soaRuleSetFor', () => {
  it('keys the rules by the appointment date in the business time zone: 1 October 2026 starts plan year 2027', () => {
    expect(soaRuleSetFor(new Date('2026-10-01T06:59:00Z'), LA).id).toBe('through-py2026');
    expect(soaRuleSetFor(new Date('2026-10-01T07:00:00Z'), LA).id).toBe('py2027');
    expect(soaRuleSetFor(new Date('2031-01-01T00:00:00Z'), LA).id).toBe('py2027');
  });

  it('names a source for every rule set, oldest first', () => {
    expect(SOA_RULE_SETS.every((set) => set.source.length > 20)).toBe(true);
    expect(SOA_RULE_SETS.map((set) => set.appointmentsFrom)).toEqual(
      SOA_RULE_SETS.map((set) => set.appointmentsFrom).toSorted(),
    );
  });
});

describe('soaFlags', () => {
  const appointmentAt = new Date('2026-09-30T17:00:00Z');
  const old = soaRuleSetFor(appointmentAt, LA);
  it('the 48-hour boundary: exactly 48 hours before is in time, a second later is inside the wait', () => {
    expect(isInsideWait(old, appointmentAt, new Date('2026-09-28T17:00:00Z'))).toBe(false);
    expect(isInsideWait(old, appointmentAt, new Date('2026-09-28T17:00:01Z'))).toBe(true);
    const flags = (signedAt: string, exceptionReason: 'walk-in' | null = null) =>
      soaFlags({ appointmentAt, exceptionReason, signedAt: new Date(signedAt), isOpen: false }, new Date(signedAt), LA);
    expect(flags('2026-09-28T17:00:01Z')).toEqual(['signed-inside-wait']);
    expect(flags('2026-09-28T17:00:01Z', 'walk-in')).toEqual([]);
    expect(flags('2026-09-30T17:00:00Z', 'walk-in')).toEqual(['signed-after-appointment']);
  });

  it('flags an open, unsigned SOA as its appointment nears and passes', () => {
    const open = { appointmentAt, exceptionReason: null, signedAt: null, isOpen: true };
    expect(soaFlags(open, new Date('2026-09-27T17:00:00Z'), LA)).toEqual([]);
    expect(soaFlags(open, new Date('2026-09-29T17:00:00Z'), LA)).toEqual(['unsigned-appointment-near']);
    expect(soaFlags(open, new Date('2026-09-30T17:00:00Z'), LA)).toEqual(['unsigned-appointment-passed']);
    expect(soaFlags({ ...open, isOpen: false }, new Date('2026-09-30T17:00:00Z'), LA)).toEqual([]);
  });
});

describe('soaWaitNote (the 48-hour wording, appointments in America/Chicago, business zone Los Angeles)', () => {
  const zones = { business: LA, appointment: 'America/Chicago' };
  const WEEK = 7 * 24 * 60 * 60 * 1000;
  const signBy = (when: string) => `The SOA must be signed by ${when}, 48 hours before the appointment.`;
  const inside = (appointment: string) =>
    `The appointment (${appointment}) is within 48 hours. The SOA must be signed 48 hours before the appointment ` +
    'unless an exception applies: a walk-in, a call the beneficiary made or the last four days of an election period. ' +
    'Record the exception if one applies.';
  /** [case, appointment, now (null: a week before), the note (null: no wait, nothing said)] */
  const CASES: [string, string, string | null, string | null][] = [
    [
      'a Monday: the Saturday before (weekends count)',
      '2026-06-15T14:00:00Z',
      null,
      signBy('Sat, Jun 13, 2026, 9:00 AM CDT'),
    ],
    ['a month end (February)', '2026-03-02T16:00:00Z', null, signBy('Sat, Feb 28, 2026, 10:00 AM CST')],
    ['a year end', '2026-01-02T15:00:00Z', null, signBy('Wed, Dec 31, 2025, 9:00 AM CST')],
    // 8 March 2026, 2:00 AM CST → 3:00 AM CDT: 48 hours before 10:00 AM CDT is 9:00 AM CST
    ['after the spring change', '2026-03-09T15:00:00Z', null, signBy('Sat, Mar 7, 2026, 9:00 AM CST')],
    [
      'spring: 47½ hours before (49½ by the wall clock) is inside',
      '2026-03-09T15:00:00Z',
      '2026-03-07T15:30:00Z',
      inside('Mon, Mar 9, 2026, 10:00 AM CDT'),
    ],
    [
      'spring: exactly 48 hours before is in time',
      '2026-03-09T15:00:00Z',
      '2026-03-07T15:00:00Z',
      signBy('Sat, Mar 7, 2026, 9:00 AM CST'),
    ],
    // 2 November 2025, 2:00 AM CDT → 1:00 AM CST: 48 hours before 10:00 AM CST is 11:00 AM CDT
    ['after the fall change', '2025-11-03T16:00:00Z', null, signBy('Sat, Nov 1, 2025, 11:00 AM CDT')],
    [
      'fall: 48½ hours before (47½ by the wall clock) is in time',
      '2025-11-03T16:00:00Z',
      '2025-11-01T15:30:00Z',
      signBy('Sat, Nov 1, 2025, 11:00 AM CDT'),
    ],
    [
      'on the fall change day, across a month end',
      '2025-11-02T16:00:00Z',
      null,
      signBy('Fri, Oct 31, 2025, 11:00 AM CDT'),
    ],
    [
      'booked less than 48 hours ahead',
      '2026-06-15T14:00:00Z',
      '2026-06-14T20:00:00Z',
      inside('Mon, Jun 15, 2026, 9:00 AM CDT'),
    ],
    // the rule sets are keyed by the appointment's date in the business zone: 1:00 AM CDT on 1 October is 30 September
    // in Los Angeles, still the 48-hour rule
    ['1 October, 1:00 AM in Chicago', '2026-10-01T06:00:00Z', null, signBy('Tue, Sep 29, 2026, 1:00 AM CDT')],
    ['1 October 2026 (plan year 2027): no wait', '2026-10-01T15:00:00Z', '2026-09-30T20:00:00Z', null],
    ['after the fall change of 2026: no wait', '2026-11-02T16:00:00Z', null, null],
    ['the next year end: no wait', '2027-01-01T16:00:00Z', '2026-12-31T16:00:00Z', null],
  ];
  it.each(CASES)('%s', (_, appointment, now, expected) => {
    const appointmentAt = new Date(appointment);
    const at = now ? new Date(now) : new Date(appointmentAt.getTime() - WEEK);
    const note = soaWaitNote(appointmentAt, at, zones);
    // ICU writes a narrow no-break space before AM/PM
    expect(note && { ...note, text: note.text.replace(/\u202f/g, ' ') }).toEqual(
      expected === null ? null : { isInsideWait: expected.startsWith('The appointment'), text: expected },
    );
    expect(note?.isInsideWait ?? false).toBe(isInsideWait(soaRuleSetFor(appointmentAt, LA), appointmentAt, at));
  });
});

import { describe, expect, it } from 'vitest';
import { isInsideWait, SOA_RULE_SETS, soaFlags, soaRuleSetFor } from './soa-rules.ts';

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

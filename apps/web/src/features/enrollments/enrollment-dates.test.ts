import { describe, expect, it } from 'vitest';
import { setViewerTimeZone } from '../../ui/viewer-time.ts';
import { formatEnrollmentDate, formatEnrollmentLongDate } from './enrollment-dates.ts';

describe('enrollment dates (in the viewer’s zone, named; the business zone until one is known)', () => {
  it('formats MM/DD/YYYY h:mm:ss a', () => {
    expect(formatEnrollmentDate(new Date('2026-11-02T17:05:07Z'))).toBe('11/02/2026 9:05:07 am PST');
    expect(formatEnrollmentDate(new Date('2026-07-04T23:59:59Z'))).toBe('07/04/2026 4:59:59 pm PDT');
    // midnight and noon read 12
    expect(formatEnrollmentDate(new Date('2026-01-15T08:00:00Z'))).toBe('01/15/2026 12:00:00 am PST');
    expect(formatEnrollmentDate(new Date('2026-01-15T20:00:00Z'))).toBe('01/15/2026 12:00:00 pm PST');
  });

  it('formats the long form of pended enrollments, across the date line of the time zone', () => {
    expect(formatEnrollmentLongDate(new Date('2026-11-02T17:05:07Z'))).toBe('Monday, November 2, 2026 9:05 AM PST');
    // 03:00 UTC on the 3rd is still the 2nd in Los Angeles
    expect(formatEnrollmentLongDate(new Date('2026-11-03T03:00:00Z'))).toBe('Monday, November 2, 2026 7:00 PM PST');
  });

  it('writes the agent’s own zone once it is known', () => {
    setViewerTimeZone('America/Chicago');
    try {
      expect(formatEnrollmentDate(new Date('2026-11-02T17:05:07Z'))).toBe('11/02/2026 11:05:07 am CST');
      expect(formatEnrollmentLongDate(new Date('2026-11-03T03:00:00Z'))).toBe('Monday, November 2, 2026 9:00 PM CST');
    } finally {
      setViewerTimeZone('America/Los_Angeles');
    }
  });
});

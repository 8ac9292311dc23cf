import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { agentTimeZone } from './state-time-zones.ts';
import { formatBusinessDate, formatInstant, isTimeZone } from './time-display.ts';
import { TimeZoneSchema } from './time-zones.ts';
import { instantOfWallTime, wallTimeOf } from './wall-time.ts';

const at = new Date('2026-12-17T16:00:00Z');

describe('formatInstant', () => {
  it('writes the same instant in the zone asked for, with the zone named', () => {
    expect(formatInstant(at, 'America/Chicago')).toBe('Dec 17, 2026, 10:00 AM CST');
    expect(formatInstant(at, 'America/Los_Angeles')).toBe('Dec 17, 2026, 8:00 AM PST');
    expect(formatInstant(at, 'Asia/Tokyo')).toBe('Dec 18, 2026, 1:00 AM GMT+9');
    expect(formatInstant(at.toISOString(), 'America/Chicago', 'weekday')).toBe('Thu, Dec 17, 2026, 10:00 AM CST');
    expect(formatInstant(at, 'America/Chicago', 'long')).toBe('Thursday, December 17, 2026 at 10:00 AM CST');
    expect(formatInstant(new Date('2026-07-01T15:00:00Z'), 'America/Chicago')).toBe('Jul 1, 2026, 10:00 AM CDT');
    expect(formatInstant(at, 'America/Chicago', 'long', 'es-US')).toMatch(/10:00.*CST$/);
  });
});

describe('formatBusinessDate', () => {
  it('is the calendar day in the business zone, whatever zone reads it', () => {
    // 11:30 PM in Los Angeles is already the next day in UTC and in Chicago
    const late = new Date('2026-12-08T07:30:00Z');
    expect(formatBusinessDate(late, 'America/Los_Angeles')).toBe('Dec 7, 2026');
    expect(formatBusinessDate(late, 'America/Chicago')).toBe('Dec 8, 2026');
  });
});

describe('instantOfWallTime and wallTimeOf', () => {
  it('reads a wall time in the zone it was booked in', () => {
    expect(instantOfWallTime('2026-12-17', '10:00', 'America/Chicago')?.toISOString()).toBe('2026-12-17T16:00:00.000Z');
    expect(instantOfWallTime('2026-12-17', '10:00', 'Asia/Tokyo')?.toISOString()).toBe('2026-12-17T01:00:00.000Z');
    expect(instantOfWallTime('2026-07-01', '10:00', 'America/Chicago')?.toISOString()).toBe('2026-07-01T15:00:00.000Z');
    expect(wallTimeOf(new Date('2026-12-17T16:00:00Z'), 'America/Chicago')).toEqual({
      date: '2026-12-17',
      time: '10:00',
    });
  });

  it('moves a skipped time forward and takes the first of a repeated one', () => {
    // 8 March 2026 2:30 AM does not happen in Chicago; 1 November 1:30 AM happens twice
    expect(instantOfWallTime('2026-03-08', '02:30', 'America/Chicago')?.toISOString()).toBe('2026-03-08T08:30:00.000Z');
    expect(instantOfWallTime('2026-11-01', '01:30', 'America/Chicago')?.toISOString()).toBe('2026-11-01T06:30:00.000Z');
  });

  it('is null for what is not a date, a time or a zone', () => {
    expect(instantOfWallTime('', '10:00', 'America/Chicago')).toBeNull();
    expect(instantOfWallTime('2026-12-17', '10', 'America/Chicago')).toBeNull();
    expect(instantOfWallTime('2026-12-17', '10:00', 'Mars/Olympus')).toBeNull();
  });
});

describe('zones', () => {
  it('an agent’s zone: the setting, else the state’s, else the business zone', () => {
    expect(agentTimeZone('Asia/Tokyo', 'WI', 'America/Los_Angeles')).toBe('Asia/Tokyo');
    expect(agentTimeZone(null, 'wi', 'America/Los_Angeles')).toBe('America/Chicago');
    expect(agentTimeZone(null, null, 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(agentTimeZone('Mars/Olympus', 'NY', 'America/Los_Angeles')).toBe('America/New_York');
  });

  it('accepts IANA zones only', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(z.safeParse(TimeZoneSchema, 'x'.repeat(65)).success).toBe(false);
    expect(z.safeParse(TimeZoneSchema, 'Europe/Paris').success).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ageOf } from './enrollment-row-text.ts';

describe('ageOf', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms);

  it('says minutes under an hour, hours under two days, then days', () => {
    expect(ageOf(ago(0), now)).toBe('0 min');
    expect(ageOf(ago(59 * 60_000), now)).toBe('59 min');
    expect(ageOf(ago(60 * 60_000), now)).toBe('1 h');
    expect(ageOf(ago(47 * 3_600_000), now)).toBe('47 h');
    expect(ageOf(ago(48 * 3_600_000), now)).toBe('2 d');
    expect(ageOf(ago(30 * 86_400_000), now)).toBe('30 d');
  });

  it('never says a negative age (a clock a little ahead of the server)', () => {
    expect(ageOf(new Date(now + 5 * 60_000), now)).toBe('0 min');
  });
});

import { describe, expect, it } from 'vitest';
import { formatPlanMoney } from './supplies-catalog.ts';
import { orderHnum, padPlanId, productYears } from './supplies.ts';

const LA = 'America/Los_Angeles';

describe('productYears', () => {
  it('offers this year before 30 October and next year after 1 August (Los Angeles)', () => {
    expect(productYears(new Date('2026-03-01T12:00:00Z'), LA)).toEqual([2026]);
    expect(productYears(new Date('2026-08-01T19:00:00Z'), LA)).toEqual([2026]);
    expect(productYears(new Date('2026-08-02T19:00:00Z'), LA)).toEqual([2026, 2027]);
    expect(productYears(new Date('2026-10-29T19:00:00Z'), LA)).toEqual([2026, 2027]);
    expect(productYears(new Date('2026-10-30T19:00:00Z'), LA)).toEqual([2027]);
    // 06:00 UTC on 30 October is still 29 October in Los Angeles
    expect(productYears(new Date('2026-10-30T06:00:00Z'), LA)).toEqual([2026, 2027]);
  });
});

describe('formatPlanMoney', () => {
  it('shows US dollars with 2 decimals, and Unknown for missing, zero, a dash or garbage', () => {
    expect(formatPlanMoney('$5,900.00')).toBe('$5,900.00');
    expect(formatPlanMoney('29.5')).toBe('$29.50');
    for (const value of [null, undefined, '', '-', '0', '$0.00', 'n/a']) expect(formatPlanMoney(value)).toBe('Unknown');
  });
});

describe('plan ids', () => {
  it('pads the plan id to 3 digits and builds hnum, or N/A', () => {
    expect(padPlanId('7')).toBe('007');
    expect(orderHnum({ contractid: 'H1234', planid: '7' })).toBe('H1234-007');
    expect(orderHnum({ contractid: null, planid: null })).toBe('N/A');
  });
});

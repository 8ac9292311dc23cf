import { describe, expect, it } from 'vitest';
import { dashboardYears } from './dashboard-years.ts';

describe('dashboardYears', () => {
  it('shows only the current year up to and on 18 June in Los Angeles', () => {
    expect(dashboardYears(new Date('2026-06-18T12:00:00-07:00'))).toEqual({ years: [2026], active: 2026 });
    expect(dashboardYears(new Date('2026-01-02T12:00:00-08:00'))).toEqual({ years: [2026], active: 2026 });
  });

  it('adds next year, active, after 18 June', () => {
    expect(dashboardYears(new Date('2026-06-19T00:30:00-07:00'))).toEqual({ years: [2026, 2027], active: 2027 });
    expect(dashboardYears(new Date('2026-11-22T12:00:00-08:00'))).toEqual({ years: [2026, 2027], active: 2027 });
  });

  it('counts the day in Los Angeles, not UTC', () => {
    // 19 June 03:00 UTC is still 18 June in Los Angeles
    expect(dashboardYears(new Date('2026-06-19T03:00:00Z')).years).toEqual([2026]);
  });
});

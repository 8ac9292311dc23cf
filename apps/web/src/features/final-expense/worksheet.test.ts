import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatPhone,
  PACKAGE_LEVELS,
  parseAmountCents,
  WORKSHEET_STEPS,
  worksheetTotals,
} from './worksheet.ts';

describe('parseAmountCents', () => {
  it('ignores every $ and , (design §3)', () => {
    expect(parseAmountCents('$1,234,567.89')).toBe(123_456_789);
    expect(parseAmountCents('1,000')).toBe(100_000);
    expect(parseAmountCents('$$2,0,0')).toBe(20_000);
    expect(parseAmountCents(' $ 1 500 ')).toBe(150_000);
    expect(parseAmountCents('.5')).toBe(50);
    expect(parseAmountCents('12.')).toBe(1200);
  });

  it('counts empty and garbage as 0', () => {
    for (const text of ['', undefined, 'abc', '12abc', '1.2.3', '$', '-', '1e5', 'Infinity', 'NaN', '0x10']) {
      expect(parseAmountCents(text), String(text)).toBe(0);
    }
  });

  it('keeps a negative amount as typed (a credit), and rounds to cents', () => {
    expect(parseAmountCents('-250')).toBe(-25_000);
    expect(parseAmountCents('$-1,000.50')).toBe(-100_050);
    expect(parseAmountCents('0.105')).toBe(11);
  });
});

describe('worksheetTotals', () => {
  it('is all zero for an empty worksheet', () => {
    const totals = worksheetTotals({});
    expect(totals).toEqual({
      steps: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0 },
      total1to5: 0,
      total1to6: 0,
      combined: 0,
    });
  });

  it('adds each step, 1–5, 1–6 and the combined total without floating-point drift', () => {
    const amounts = {
      fun_services_fees: '$1,600',
      fun_services_package: '3000',
      cem_plot: '0.10',
      cem_mark: '0.20',
      cask_cask: '$2,255.00',
      crem_urn: '149',
      flo_cask: 'garbage',
      oth_death: '12',
      oth_trav: '-2',
      exp_debt: '$1,234,567.89',
    };
    const totals = worksheetTotals(amounts);
    expect(totals.steps).toEqual({ 1: 460_000, 2: 30, 3: 225_500, 4: 14_900, 5: 0, 6: 1000, 7: 123_456_789 });
    expect(totals.total1to5).toBe(700_430);
    expect(totals.total1to6).toBe(701_430);
    expect(totals.combined).toBe(124_158_219);
    expect(formatCents(totals.combined)).toBe('$1,241,582.19');
  });

  it('gives each package level its death benefit (Platinum 1–7, Gold 1–6, Silver 1–5, Bronze 7)', () => {
    const totals = worksheetTotals({ fun_services_fees: '100', oth_obit: '10', exp_med: '1' });
    expect(PACKAGE_LEVELS.map((level) => [level.name, level.deathBenefit(totals)])).toEqual([
      ['Platinum', 11_100],
      ['Gold', 11_000],
      ['Silver', 10_000],
      ['Bronze', 100],
    ]);
  });

  it('covers every field of spec §3 in 7 steps', () => {
    expect(WORKSHEET_STEPS.map((step) => step.lines.length)).toEqual([4, 3, 4, 5, 2, 8, 7]);
  });
});

describe('formatCents and formatPhone', () => {
  it('shows dollars with thousands separators', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-5050)).toBe('-$50.50');
  });

  it('formats exactly 10 digits and shows nothing otherwise', () => {
    expect(formatPhone('503.555.0187')).toBe('(503) 555-0187');
    expect(formatPhone('(503) 555-0187')).toBe('(503) 555-0187');
    expect(formatPhone('1-503-555-0187')).toBe('');
    expect(formatPhone('555-0187')).toBe('');
    expect(formatPhone(null)).toBe('');
  });
});

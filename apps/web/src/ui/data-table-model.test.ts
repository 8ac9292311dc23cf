import { describe, expect, it } from 'vitest';
import { compareValues, formatValue, normaliseSearch, showingText, sortKey } from './data-table-model.ts';

describe('compareValues', () => {
  it('orders numbers, dates and booleans by value', () => {
    expect([10, 2, 33].sort(compareValues)).toEqual([2, 10, 33]);
    const dates = [new Date('2026-03-01'), new Date('2025-12-31'), new Date('2026-01-15')];
    expect(dates.sort(compareValues).map((d) => d.toISOString().slice(0, 10))).toEqual([
      '2025-12-31',
      '2026-01-15',
      '2026-03-01',
    ]);
    expect([true, false].sort(compareValues)).toEqual([false, true]);
  });

  it('orders text case-insensitively with numbers inside text by value', () => {
    expect(['bea', 'Ada', 'cyd', 'Bea'].sort(compareValues)).toEqual(['Ada', 'bea', 'Bea', 'cyd']);
    expect(['Item 10', 'Item 2', 'Item 1'].sort(compareValues)).toEqual(['Item 1', 'Item 2', 'Item 10']);
  });

  it('puts empty values last', () => {
    expect(['b', '', null, 'a', undefined].sort(compareValues)).toEqual(['a', 'b', '', null, undefined]);
    expect(sortKey('')).toBeUndefined();
    expect(sortKey(null)).toBeUndefined();
    expect(sortKey(0)).toBe(0);
  });
});

describe('formatValue', () => {
  it('formats dates as MM/DD/YYYY, numbers with separators, booleans as Yes/No and empties as nothing', () => {
    expect(formatValue(new Date(2026, 0, 5))).toBe('01/05/2026');
    expect(formatValue(new Date('not a date'))).toBe('');
    expect(formatValue(1234567.5)).toBe('1,234,567.5');
    expect(formatValue(true)).toBe('Yes');
    expect(formatValue(null)).toBe('');
    expect(formatValue('Humana')).toBe('Humana');
  });
});

describe('normaliseSearch', () => {
  it('trims and lower-cases', () => expect(normaliseSearch('  Dora ')).toBe('dora'));
});

describe('showingText', () => {
  it('reads "Showing x to y of z entries"', () => {
    expect(showingText({ pageIndex: 0, pageSize: 10, total: 57 })).toBe('Showing 1 to 10 of 57 entries');
    expect(showingText({ pageIndex: 5, pageSize: 10, total: 57 })).toBe('Showing 51 to 57 of 57 entries');
    expect(showingText({ pageIndex: 0, pageSize: 10, total: 0 })).toBe('Showing 0 to 0 of 0 entries');
    expect(showingText({ pageIndex: 0, pageSize: 2000, total: 10000 })).toBe('Showing 1 to 2,000 of 10,000 entries');
  });
});

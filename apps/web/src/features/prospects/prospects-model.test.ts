import type { ProspectRow } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { addPostalCode, postalCodesOf, visibleRows } from './prospects-model.ts';

const row = (id: number, zipcode: string, FirstName: string): ProspectRow => ({
  id,
  T65: '2026-12-05',
  prefex: 'Mr.',
  FirstName,
  Middle: '',
  Lastname: 'Olson',
  Address1: '1 Main St',
  Address2: '',
  City: 'Madison',
  State: 'WI',
  zipcode,
  county: 'Dane County',
  phone: '',
});
const rows = [row(1, '53704', 'Ann'), row(2, '53703', 'Bob'), row(3, '53704', 'Cal')];

describe('prospect results', () => {
  it('lists the postal codes of the results once each, sorted', () => {
    expect(postalCodesOf(rows)).toEqual(['53703', '53704']);
  });

  it('leaves out excluded postal codes and matches the search in any field, whatever its case', () => {
    expect(visibleRows(rows, new Set(['53703']), '').map((r) => r.id)).toEqual([1, 3]);
    expect(visibleRows(rows, new Set(), '  cAL ').map((r) => r.id)).toEqual([3]);
    expect(visibleRows(rows, new Set(), '12/5/2026').map((r) => r.id)).toEqual([1, 2, 3]);
    expect(visibleRows(rows, new Set(['53704']), 'cal')).toEqual([]);
  });
});

describe('postal code entry', () => {
  it('takes exactly 5 digits and ignores a code already chosen', () => {
    expect(addPostalCode([], '53703')).toEqual({ ok: true, code: '53703', codes: ['53703'], isNew: true });
    expect(addPostalCode(['53703'], ' 53703 ')).toEqual({ ok: true, code: '53703', codes: ['53703'], isNew: false });
    for (const bad of ['5370', '537033', '5370a', ''])
      expect(addPostalCode([], bad)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('stops at 50 postal codes, the most a search takes', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => String(53001 + i));
    expect(addPostalCode(fifty, '53703')).toEqual({ ok: false, reason: 'too-many' });
    expect(addPostalCode(fifty, '53001')).toMatchObject({ ok: true, isNew: false });
  });
});

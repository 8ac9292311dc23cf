import { describe, expect, it } from 'vitest';
import { pushCrumb } from './breadcrumb.ts';

const a = { path: '/a', title: 'A' };
const b = { path: '/b', title: 'B' };
const c = { path: '/c', title: 'C' };
const d = { path: '/d', title: 'D' };

describe('pushCrumb', () => {
  it('appends a new entry', () => {
    expect(pushCrumb([a], b)).toEqual([a, b]);
  });
  it('moves an existing entry to the end', () => {
    expect(pushCrumb([a, b, c], a)).toEqual([b, c, a]);
  });
  it('keeps at most three, dropping the oldest', () => {
    expect(pushCrumb([a, b, c], d)).toEqual([b, c, d]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range.ts';

describe('parseRange', () => {
  it('answers the whole resource without a header, for another unit and for several ranges', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-5', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1, 5-9', 100)).toEqual({ kind: 'whole' });
  });

  it('reads start-end, an open end, a suffix, and clamps the end to the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', range: { start: 50, end: 99 } });
    expect(parseRange('BYTES=0-0', 1)).toEqual({ kind: 'partial', range: { start: 0, end: 0 } });
  });

  it('is unsatisfiable past the end, backwards, malformed, empty suffix or an empty resource', () => {
    for (const header of [
      'bytes=100-',
      'bytes=100-200',
      'bytes=9-3',
      'bytes=abc',
      'bytes=-',
      'bytes=-0',
      'bytes=1-x',
    ]) {
      expect(parseRange(header, 100), header).toEqual({ kind: 'unsatisfiable' });
    }
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

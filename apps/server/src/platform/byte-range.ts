import type { ByteRange } from './storage.ts';

/** What one `Range` header asks of a resource of `size` bytes. */
export type RangeRequest =
  | { kind: 'whole' }
  | { kind: 'partial'; range: ByteRange }
  /** 416 Range Not Satisfiable: the range lies outside the resource, or the header is malformed */
  | { kind: 'unsatisfiable' };

/**
 * RFC 9110 §14.1.2 for one `bytes=` range: `start-end`, `start-` and the suffix `-length`. A header in another
 * unit, or with several ranges, is ignored (the whole resource), as the RFC allows; a malformed `bytes=` value
 * is unsatisfiable, so a client bug shows up instead of silently downloading everything.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^bytes=(.*)$/i.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const spec = match[1]!.trim();
  if (spec.includes(',')) return { kind: 'whole' };
  const parts = /^(\d*)-(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return { kind: 'unsatisfiable' };
  const [, first, last] = parts as unknown as [string, string, string];
  if (size === 0) return { kind: 'unsatisfiable' };
  if (first === '') {
    // suffix: the last N bytes
    const length = Number(last);
    if (length === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

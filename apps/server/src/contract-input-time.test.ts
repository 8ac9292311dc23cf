import * as contract from '@arc/contract';
import type { RouteEntry } from '@arc/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { BODY_LIMIT } from './app.ts';
import { arbitraryOf, setAt, toJsonSchema } from './test/security/arbitraries.ts';
import { stringFieldsOf, type StringField } from './test/security/contract-strings.ts';

/**
 * Generated from the contract (issue 43): every route's params, query, body and headers are walked
 * (test/security/contract-strings.ts) for the string fields with a pattern, format, refinement or transform, and
 * 1. each such field checks its length first, with a check that stops the field (`boundedString` or
 *    `boundedLength` in the contract): no pattern ever sees a value past the limit, whatever it is;
 * 2. each is given adversarial values — a prefix, one of its own pattern's characters (or, for a refinement whose
 *    pattern cannot be read, common separators) repeated, and a tail that fails late — at its own length limit,
 *    where its checks do run, and at the largest the route takes (the body limit, or 16 KB of URL or headers):
 *    each parse (the field alone, and within a whole request part for the longest) answers within 50 ms, never
 *    throws (a 500) and refuses a value past the limit (a 400). An e-mail pattern took 9 s on an 80,000-character
 *    address (quadratic), and the refinement holding it ran although the length check had already failed.
 * A new route or field is covered without a line here. The counts are printed.
 */
const BUDGET_MS = 50;
/** Node refuses more than 16 KB of request line and headers: no query, path or header value is longer */
const URL_LIMIT = 16 * 1024;
/** common separators and characters, for refinements (whose code cannot be read for a pattern) and every field */
const COMMON_PIECES = ['a', '1', ' ', '.', '@', '-', ':', '/', '+', '!', '(', '_', 'é'];

const isRouteEntry = (value: unknown): value is RouteEntry =>
  !!value && typeof value === 'object' && 'method' in value && 'path' in value && 'responses' in value;
const ENTRIES = (Object.entries(contract) as [string, unknown][])
  .flatMap(([name, value]): [string, RouteEntry][] => (isRouteEntry(value) ? [[name, value]] : []))
  .sort(([a], [b]) => a.localeCompare(b));
const FIELDS = stringFieldsOf(ENTRIES);
const CHECKED = FIELDS.filter((field) => field.valueChecks.length > 0);

const labelOf = (field: StringField) =>
  `${field.route} ${field.part}.${field.path.join('.')} (${field.valueChecks.join(', ')})`;

/** the characters of the field's patterns, and the common ones */
function piecesOf(field: StringField): string[] {
  const own = new Set(field.patterns.flatMap((pattern) => [...pattern.source]));
  return [...new Set([...COMMON_PIECES, ...own])];
}

/** nothing, or a character and a separator (an "a@" gets an e-mail pattern past its first part) */
const PREFIXES = ['', 'a@', 'a.'];

/** a tail that fails late: a character no pattern ends with, and another separator */
const TAILS = ['!@'];

/** one piece repeated to about `length` characters */
const repeated = (piece: string, length: number) => piece.repeat(Math.ceil(length / piece.length));

const timeOf = (run: () => unknown) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};
/** the fastest of up to three timings: a pause of the machine does not repeat, backtracking does */
function bestTimeOf(run: () => unknown): number {
  let best = timeOf(run);
  for (let i = 0; i < 2 && best >= BUDGET_MS; i += 1) best = Math.min(best, timeOf(run));
  return best;
}

/** past the limit, once trimmed (the one transform that may come first, and it may shorten the value) */
const isTooLong = (value: string, bound: number) => value.trim().length > bound;

const partLimitOf = (field: StringField) => (field.part === 'body' ? BODY_LIMIT : URL_LIMIT);

const samples = new Map<string, unknown>();
/** a valid-looking request part of the field's route, to put the adversarial value in */
function samplePart(field: StringField): unknown {
  const key = `${field.route} ${field.part}`;
  if (!samples.has(key)) {
    const schema = ENTRIES.find(([name]) => name === field.route)![1][field.part]!;
    samples.set(key, fc.sample(arbitraryOf(toJsonSchema(schema)), { numRuns: 1, seed: 43 })[0]);
  }
  return samples.get(key);
}

describe('the checks of the contract on long values (issue 43)', () => {
  it('every string field with a pattern, format or refinement checks its length first and stops there', () => {
    expect(CHECKED.length).toBeGreaterThan(50);
    expect(CHECKED.filter((field) => !field.isBoundedFirst).map(labelOf)).toEqual([]);
  });

  it('answers adversarial values of every such field, up to the route’s limit, within 50 ms each (400, never 500)', () => {
    const failures: string[] = [];
    let cases = 0;
    /** parses `input` (the `value` itself, or a request part holding it) */
    const check = (field: StringField, schema: z.ZodMiniType, value: string, input: unknown = value) => {
      cases += 1;
      let result: { success: boolean } | undefined;
      let thrown: unknown;
      const elapsed = bestTimeOf(() => {
        try {
          result = schema.safeParse(input);
        } catch (error) {
          thrown = error;
        }
      });
      const problem =
        thrown !== undefined
          ? `threw ${String(thrown)}`
          : elapsed >= BUDGET_MS
            ? `took ${Math.round(elapsed)} ms`
            : isTooLong(value, field.maxLength ?? partLimitOf(field)) && result?.success
              ? 'accepted a value past its limit'
              : undefined;
      if (problem)
        failures.push(
          `${labelOf(field)}: ${JSON.stringify(value.slice(0, 12))}… (${value.length} characters) ${problem}`,
        );
    };

    // many fields share one schema (a date, a county, an e-mail address): each schema is tried once on its own
    const tried = new Set<z.ZodMiniType>();
    for (const field of CHECKED) {
      const limit = partLimitOf(field);
      const bound = field.maxLength ?? limit;
      const isNew = !tried.has(field.schema);
      tried.add(field.schema);
      const pieces = piecesOf(field);
      for (const piece of isNew ? pieces : []) {
        // at its own limit (its checks run on this) and just past it, with each prefix and tail
        // (a field without a bound of its own fails the first test; here it gets a few thousand characters)
        for (const length of field.maxLength === undefined ? [4096] : [bound, bound + 1]) {
          const run = repeated(piece, length);
          for (const prefix of PREFIXES) {
            for (const tail of TAILS) check(field, field.schema, (prefix + run).slice(0, length - tail.length) + tail);
          }
        }
      }
      // the largest value the route lets through: nothing but the length check may run on it, alone and within a
      // whole request part of every route that has the field (the object's own refinements run too)
      const part = samplePart(field);
      const partSchema = ENTRIES.find(([name]) => name === field.route)![1][field.part]!;
      for (const piece of ['.', 'a', pieces.at(-1)!]) {
        // growing, so a pattern that backtracks fails at a few thousand characters instead of running for minutes
        for (const length of [4096, 16_384, 65_536, limit].filter((n) => n <= limit)) {
          const value = `a@${repeated(piece, length)}!@`;
          const before = failures.length;
          if (isNew) check(field, field.schema, value);
          check(field, partSchema, value, setAt(part, field.path, value));
          if (failures.length > before) break;
        }
      }
    }
    console.log(
      `contract checks on long values: ${ENTRIES.length} routes, ${FIELDS.length} string fields, ` +
        `${CHECKED.length} with a pattern, format or refinement (${tried.size} schemas), ${cases} cases`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 60_000);
});

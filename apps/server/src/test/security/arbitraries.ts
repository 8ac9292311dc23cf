import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from the contract's zod 4 schemas (zod-fast-check supports zod 3 only). The schema goes
 * through `z.toJSONSchema` (input side, so codecs and coercions show what a client sends), and a small walker
 * turns that JSON Schema into values: mostly valid ones, so the request gets past validation and into the
 * handler, with hostile strings (./hostile.ts) mixed into every string position.
 */
type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  description?: string;
};

export function toJsonSchema(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringArbitrary(s: JsonSchema, hostile: readonly string[]): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 40));
  let valid: fc.Arbitrary<string>;
  if (s.pattern) valid = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? Infinity));
  else if (s.format === 'email') valid = fc.emailAddress();
  else if (s.format === 'uuid') valid = fc.uuid();
  else if (s.format === 'date' || s.description?.includes('YYYY-MM-DD')) valid = isoDate;
  else if (s.format === 'date-time') valid = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  else {
    // the word and date shapes only where they fit the length limits (a filter that never passes would spin)
    const shapes = [fc.string({ minLength, maxLength })];
    if (minLength <= 12) shapes.push(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/).filter((v) => v.length >= minLength));
    if (minLength <= 10 && (s.maxLength ?? 10) >= 10) shapes.push(isoDate);
    valid = fc.oneof(...shapes);
  }
  return hostile.length === 0
    ? valid
    : fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: fc.constantFrom(...hostile), weight: 1 });
}

function numberArbitrary(s: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const min =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (isInteger ? 1 : Number.EPSILON) : -1e6);
  const max =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (isInteger ? 1 : Number.EPSILON) : 1e6);
  const inRange = isInteger
    ? fc.integer({
        min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)),
        max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)),
      })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  // the edges a handler forgets: just outside the range, zero, negative, huge
  return fc.oneof(
    { arbitrary: inRange, weight: 5 },
    { arbitrary: fc.constantFrom(min - 1, max + 1, 0, -1, 2 ** 53), weight: 1 },
  );
}

/** Values for one JSON Schema; `hostile` strings are mixed into every string position. */
export function arbitraryOf(s: JsonSchema, hostile: readonly string[] = [], depth = 0): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, hostile, depth + 1)));
  if (s.allOf?.[0]) return arbitraryOf(s.allOf[0], hostile, depth + 1);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type }, hostile, depth)));
  switch (s.type) {
    case 'string':
      return stringArbitrary(s, hostile);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(s.items ?? {}, hostile, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, Math.max(s.minItems ?? 0, 5)),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, arbitraryOf(value, hostile, depth + 1)]),
      );
      return fc.record(properties, { requiredKeys: (s.required ?? []).filter((key) => key in properties) });
    }
    case 'any':
    case undefined:
    default:
      // anything (a transform the JSON Schema cannot describe)
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * A request part: valid-looking values most of the time, and now and then any JSON at all or a required key
 * missing, so the validation path is exercised too.
 */
export function requestPartArbitrary(schema: z.core.$ZodType, hostile: readonly string[]): fc.Arbitrary<unknown> {
  const json = toJsonSchema(schema);
  const valid = arbitraryOf(json, hostile);
  const dropOne = valid.chain((value) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return fc.constant(value);
    const keys = Object.keys(value);
    if (keys.length === 0) return fc.constant(value);
    return fc.constantFrom(...keys).map((key) => {
      const copy = { ...(value as Record<string, unknown>) };
      delete copy[key];
      return copy;
    });
  });
  return fc.oneof(
    { arbitrary: valid, weight: 6 },
    { arbitrary: dropOne, weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

/** The string positions of a value, as paths (for putting one hostile string at a time into a valid request). */
export function stringPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...prefix, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...prefix, key]));
  return [];
}

export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

import type { RouteEntry } from '@arc/contract';
import type * as z from 'zod/mini';

/**
 * The string fields of the contract's routes, found by walking each route's zod schemas (params, query, body,
 * headers; nested objects, arrays, unions, records, pipes): each with the checks that run code on its value
 * (patterns, formats, refinements, transforms) and whether a length check that aborts runs before them
 * (`boundedString`, issue 43). Reads zod's own definitions (`_zod.def`), as `z.toJSONSchema` does.
 */
export type RoutePart = 'params' | 'query' | 'body' | 'headers';

export interface StringField {
  route: string;
  part: RoutePart;
  /** where the field sits in the part (`*` for any key of a record, 0 for any item of an array) */
  path: (string | number)[];
  /** the field's own schema (optional, nullable and default unwrapped) */
  schema: z.ZodMiniType;
  /** the checks that run code on the value, by kind: `regex`, `email`, `custom` (a refine), `transform` … */
  valueChecks: string[];
  /** the patterns among them (a refine's own pattern, if any, is not visible: `valueChecks` says `custom`) */
  patterns: RegExp[];
  /** the longest value the field takes, if it says (the first aborting maxLength) */
  maxLength: number | undefined;
  /** a maxLength check with `abort` runs before every check in `valueChecks` (trims may come before it) */
  isBoundedFirst: boolean;
}

interface Def {
  type: string;
  checks?: Check[];
  shape?: Record<string, z.ZodMiniType>;
  catchall?: z.ZodMiniType;
  element?: z.ZodMiniType;
  options?: z.ZodMiniType[];
  innerType?: z.ZodMiniType;
  in?: z.ZodMiniType;
  out?: z.ZodMiniType;
  left?: z.ZodMiniType;
  right?: z.ZodMiniType;
  keyType?: z.ZodMiniType;
  valueType?: z.ZodMiniType;
  items?: z.ZodMiniType[];
  rest?: z.ZodMiniType | null;
  getter?: () => z.ZodMiniType;
  // a string format's own check (an email, an ISO date): the schema is its own first check
  check?: string;
  format?: string;
  pattern?: RegExp;
}
interface Check {
  _zod: { def: { check: string; abort?: boolean; maximum?: number; format?: string; pattern?: RegExp } };
}

const defOf = (schema: z.ZodMiniType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** length and size checks read `.length`: they run no code on the characters */
const LENGTH_CHECKS = new Set(['max_length', 'min_length', 'length_equals']);

interface Chain {
  valueChecks: string[];
  patterns: RegExp[];
  maxLength: number | undefined;
  isBoundedFirst: boolean;
  isString: boolean;
}

/** What the checks of one string schema (or a pipe that starts with one) do, in order. */
function chainOf(schema: z.ZodMiniType): Chain {
  const def = defOf(schema);
  if (def.type === 'pipe') {
    const first = chainOf(def.in!);
    const then = chainOf(def.out!);
    // a pipe stops at any issue of its first part: a bounded first part bounds the rest
    const isBoundedFirst = first.isBoundedFirst || (first.valueChecks.length === 0 && then.isBoundedFirst);
    return {
      valueChecks: [...first.valueChecks, ...then.valueChecks],
      patterns: [...first.patterns, ...then.patterns],
      maxLength: first.maxLength ?? then.maxLength,
      isBoundedFirst,
      isString: first.isString,
    };
  }
  if (def.type === 'transform') {
    return { valueChecks: ['transform'], patterns: [], maxLength: undefined, isBoundedFirst: false, isString: false };
  }
  if (def.type !== 'string') {
    return { valueChecks: [], patterns: [], maxLength: undefined, isBoundedFirst: false, isString: false };
  }
  const checks: Check['_zod']['def'][] = [];
  // a string format (z.email(), z.iso.date()) is its own first check
  if (def.check === 'string_format') checks.push({ check: 'string_format', format: def.format, pattern: def.pattern });
  for (const check of def.checks ?? []) checks.push(check._zod.def);
  const valueChecks: string[] = [];
  const patterns: RegExp[] = [];
  let maxLength: number | undefined;
  let isBounded = false;
  let isBoundedFirst = true;
  for (const check of checks) {
    if (LENGTH_CHECKS.has(check.check)) {
      if (check.check === 'max_length' && check.abort && !isBounded) {
        isBounded = true;
        maxLength = check.maximum;
      }
      continue;
    }
    // zod's trim and case changes (linear) may come before the bound
    if (check.check === 'overwrite' || check.check === 'describe' || check.check === 'meta') continue;
    valueChecks.push(check.check === 'string_format' ? (check.format ?? 'format') : check.check);
    if (check.pattern) patterns.push(check.pattern);
    if (!isBounded) isBoundedFirst = false;
  }
  return { valueChecks, patterns, maxLength, isBoundedFirst: isBounded && isBoundedFirst, isString: true };
}

function walk(
  schema: z.ZodMiniType,
  path: (string | number)[],
  visit: (schema: z.ZodMiniType, path: (string | number)[], chain: Chain) => void,
  seen: Set<z.ZodMiniType>,
): void {
  if (seen.has(schema)) return;
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'pipe':
    case 'transform': {
      const chain = chainOf(schema);
      if (chain.isString || chain.valueChecks.length > 0) visit(schema, path, chain);
      // a pipe's later parts may hold objects of their own (a string parsed into one is not used here)
      return;
    }
    case 'object':
      for (const [key, value] of Object.entries(def.shape ?? {})) walk(value, [...path, key], visit, seen);
      if (def.catchall) walk(def.catchall, [...path, '*'], visit, seen);
      return;
    case 'array':
      walk(def.element!, [...path, 0], visit, seen);
      return;
    case 'tuple':
      (def.items ?? []).forEach((item, i) => walk(item, [...path, i], visit, seen));
      if (def.rest) walk(def.rest, [...path, '*'], visit, seen);
      return;
    case 'record':
      walk(def.keyType!, [...path, '(key)'], visit, seen);
      walk(def.valueType!, [...path, '*'], visit, seen);
      return;
    case 'union':
      for (const option of def.options ?? []) walk(option, path, visit, seen);
      return;
    case 'intersection':
      walk(def.left!, path, visit, seen);
      walk(def.right!, path, visit, seen);
      return;
    case 'lazy':
      seen.add(schema);
      walk(def.getter!(), path, visit, seen);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      walk(def.innerType!, path, visit, seen);
      return;
    default:
      // numbers, booleans, enums, literals, dates: no code runs on a string's characters
      return;
  }
}

/** Every string field of every route in `entries`. */
export function stringFieldsOf(entries: readonly (readonly [string, RouteEntry])[]): StringField[] {
  const fields: StringField[] = [];
  for (const [route, entry] of entries) {
    for (const part of ['params', 'query', 'body', 'headers'] as const) {
      const schema = entry[part];
      if (!schema) continue;
      walk(
        schema,
        [],
        (field, path, chain) => {
          fields.push({
            route,
            part,
            path,
            schema: field,
            valueChecks: chain.valueChecks,
            patterns: chain.patterns,
            maxLength: chain.maxLength,
            isBoundedFirst: chain.isBoundedFirst,
          });
        },
        new Set(),
      );
    }
  }
  return fields;
}

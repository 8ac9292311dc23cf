import * as z from 'zod/mini';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const TELEMETRY_DATA_MAX_DEPTH = 8;
export const TELEMETRY_DATA_MAX_VALUES = 200;

/**
 * Whether telemetry data stays within TELEMETRY_DATA_MAX_DEPTH levels (the object itself is the first) and
 * TELEMETRY_DATA_MAX_VALUES values in all. Walks with its own stack and stops at the first value past a bound, so
 * data nested thousands deep costs a few steps and never the call stack of whatever walks it next (the logger,
 * the database driver).
 */
export function isTelemetryDataWithinBounds(data: unknown): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: data, depth: 1 }];
  let count = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth > TELEMETRY_DATA_MAX_DEPTH) return false;
    for (const child of Object.values(value)) {
      count += 1;
      if (count > TELEMETRY_DATA_MAX_VALUES) return false;
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return true;
}

export const TelemetryEventSchema = z.object({
  /** snake_case name; names ending in `_error` or `_failed` are errors and also reach the error-reporting service */
  event: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  data: z.optional(
    z
      .record(z.string(), z.unknown())
      .check(
        z.refine(
          isTelemetryDataWithinBounds,
          `Telemetry data may be nested at most ${TELEMETRY_DATA_MAX_DEPTH} deep and hold at most ${TELEMETRY_DATA_MAX_VALUES} values`,
        ),
      ),
  ),
});
export type TelemetryEvent = z.infer<typeof TelemetryEventSchema>;

export const recordTelemetry = defineRoute({
  method: 'POST',
  path: '/arc/telemetry',
  summary: 'Record a tracked event or a client error (a valid bearer token, if sent, names the agent)',
  tags: ['telemetry'],
  auth: 'none',
  body: TelemetryEventSchema,
  responses: {
    202: z.object({ ok: z.literal(true) }),
    400: ErrorResponseSchema,
    413: ErrorResponseSchema,
    429: ErrorResponseSchema,
  },
});

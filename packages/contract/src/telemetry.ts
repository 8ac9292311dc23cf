import { z } from 'zod';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const TelemetryEventSchema = z.object({
  /** snake_case name; names ending in `_error` or `_failed` are errors and also reach the error-reporting service */
  event: z.string().trim().min(1).max(100),
  data: z.record(z.string(), z.unknown()).optional(),
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

import { z } from 'zod';
import { defineRoute, ErrorResponseSchema } from './common.ts';

export const TelemetryEventSchema = z.object({
  event: z.string().trim().min(1).max(100),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TelemetryEvent = z.infer<typeof TelemetryEventSchema>;

export const recordTelemetry = defineRoute({
  method: 'POST',
  path: '/arc/telemetry',
  summary: 'Record a tracked event or a client error',
  tags: ['telemetry'],
  auth: false,
  body: TelemetryEventSchema,
  responses: { 202: z.object({ ok: z.literal(true) }), 400: ErrorResponseSchema },
});

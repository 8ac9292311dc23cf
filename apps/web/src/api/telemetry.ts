import { recordTelemetry } from '@arc/contract';
import { apiFetch } from './client.ts';

/** Records a tracked event; never throws and never blocks the screen. */
export function track(event: string, data?: Record<string, unknown>): void {
  void apiFetch(recordTelemetry, { body: { event, ...(data ? { data } : {}) } }).catch(() => undefined);
}

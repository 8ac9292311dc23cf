import { recordTelemetry } from '@arc/contract';
import { clientHooks } from './client-hooks.ts';
import { apiFetch } from './client.ts';

/** Records a tracked event (POST /arc/telemetry); never throws and never blocks the screen. */
export function track(event: string, data?: Record<string, unknown>): void {
  try {
    // the session's token, when there is one, names the agent; a refused token is not a sign-out here
    const token = clientHooks().getToken() ?? undefined;
    void apiFetch(recordTelemetry, { body: { event, ...(data ? { data } : {}) }, token }).catch(() => undefined);
  } catch {
    // telemetry must never break the screen that reports
  }
}

import { describe, expect, it } from 'vitest';
import { isErrorEvent, sentryEnvelope, sentryTarget } from './telemetry.ts';

describe('sentryTarget', () => {
  it('builds the envelope endpoint from a DSN, keeping a path prefix', () => {
    expect(sentryTarget('https://abc123@o1.ingest.sentry.io/4505')).toEqual({
      endpoint: 'https://o1.ingest.sentry.io/api/4505/envelope/',
      publicKey: 'abc123',
    });
    expect(sentryTarget('http://key@sentry.internal:9000/relay/7').endpoint).toBe(
      'http://sentry.internal:9000/relay/api/7/envelope/',
    );
  });

  it('rejects a DSN without a key or a project', () => {
    expect(() => sentryTarget('https://sentry.example/42')).toThrow();
    expect(() => sentryTarget('https://key@sentry.example/')).toThrow();
  });
});

describe('sentryEnvelope', () => {
  it('is three JSON lines: envelope header, item header, event', () => {
    const at = new Date('2026-05-01T10:00:00Z');
    const lines = sentryEnvelope('https://k@h/1', {
      event: 'client_error',
      data: { message: 'x' },
      agentId: null,
      at,
    }).split('\n');
    expect(lines).toHaveLength(3);
    const [header, item, event] = lines.map((line) => JSON.parse(line));
    expect(header).toMatchObject({ dsn: 'https://k@h/1', event_id: event.event_id });
    expect(item).toEqual({ type: 'event' });
    expect(event).toMatchObject({ timestamp: at.toISOString(), level: 'error', tags: { event: 'client_error' } });
    expect(event.user).toBeUndefined();
  });
});

describe('isErrorEvent', () => {
  it('follows the contract naming rule', () => {
    expect(['client_error', 'register_failed', 'forgot_password_failed', 'error'].every(isErrorEvent)).toBe(true);
    expect(['dashboard_download', 'errors_viewed', 'failed_login_page_view'].some(isErrorEvent)).toBe(false);
  });
});

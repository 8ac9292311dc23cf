import { describe, expect, it } from 'vitest';
import { isErrorEvent } from './telemetry.ts';

describe('isErrorEvent', () => {
  it('follows the contract naming rule', () => {
    expect(['client_error', 'register_failed', 'forgot_password_failed', 'error'].every(isErrorEvent)).toBe(true);
    expect(['dashboard_download', 'errors_viewed', 'failed_login_page_view'].some(isErrorEvent)).toBe(false);
  });
});

import { OIDC_SCOPES, WEB_CLIENT_ID } from '@arc/contract';
import { describe, expect, it } from 'vitest';
import { OIDC_CLIENT_ID, OIDC_SCOPE } from './config.ts';

describe('config', () => {
  it('uses the contract OIDC client id and scopes', () => {
    expect(OIDC_CLIENT_ID).toBe(WEB_CLIENT_ID);
    expect(OIDC_SCOPE).toBe(OIDC_SCOPES);
  });
});

import { describe, expect, it } from 'vitest';
import { makeAgent } from '../../../test/factories.ts';
import { canOpenPlatform, MY_HEALTH_PLAN, SUNFIRE } from './platforms.ts';

describe('canOpenPlatform', () => {
  const none = { hasMyHealthPlanContracts: false, hasSunfireContracts: false };

  it('opens a platform to agents contracted there only', () => {
    const agent = makeAgent({ ...none, hasSunfireContracts: true });
    expect(canOpenPlatform(agent, SUNFIRE)).toBe(true);
    expect(canOpenPlatform(agent, MY_HEALTH_PLAN)).toBe(false);
  });

  it('opens every platform to test users and to staff whose NPN contains the provider domain', () => {
    expect(canOpenPlatform(makeAgent({ ...none, isTestUser: true }), MY_HEALTH_PLAN)).toBe(true);
    expect(canOpenPlatform(makeAgent({ ...none, npn: 'Jane.Doe@ARC.example' }), SUNFIRE)).toBe(true);
    expect(canOpenPlatform(makeAgent({ ...none, npn: '17000002' }), SUNFIRE)).toBe(false);
  });
});

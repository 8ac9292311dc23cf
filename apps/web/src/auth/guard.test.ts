import { describe, expect, it } from 'vitest';
import { makeAgent } from '../test/factories.ts';
import { decideAgent } from './agent-guard.ts';
import { decideSession } from './guard.ts';

const agentPage = { auth: true, title: 'Contact' };

describe('decideSession', () => {
  it('shows public login-layout pages whatever the session', () => {
    expect(decideSession({ handle: { layout: 'login' }, pathname: '/tosgate', status: 'signedIn' })).toEqual({
      kind: 'login-layout',
    });
    expect(decideSession({ handle: { layout: 'login' }, pathname: '/sign-in', status: 'loading' }).kind).toBe(
      'login-layout',
    );
  });

  it('sends a signed-out visit to an agent page to sign-in, remembering where it was going', () => {
    expect(decideSession({ handle: agentPage, pathname: '/contact', search: '?x=1', status: 'signedOut' })).toEqual({
      kind: 'sign-in',
      returnTo: '/contact?x=1',
    });
  });

  it('shows the dashboard welcome to a signed-out visitor of /', () => {
    expect(decideSession({ handle: { auth: true }, pathname: '/', status: 'signedOut' }).kind).toBe('login-layout');
  });

  it('waits while the session is restored or ended, and lets a signed-in agent through', () => {
    expect(decideSession({ handle: agentPage, pathname: '/contact', status: 'loading' }).kind).toBe('loading');
    expect(decideSession({ handle: agentPage, pathname: '/contact', status: 'signingOut' }).kind).toBe('loading');
    expect(decideSession({ handle: agentPage, pathname: '/contact', status: 'signedIn' }).kind).toBe('signed-in');
  });
});

describe('decideSession on a device handed to a beneficiary (device-lock.ts)', () => {
  it('shows the lock on every page, public or not, signed in or not', () => {
    for (const status of ['signedIn', 'signedOut', 'loading', 'signingOut'] as const) {
      expect(decideSession({ handle: agentPage, pathname: '/soa', status, isLocked: true }).kind).toBe('locked');
      expect(decideSession({ handle: { layout: 'login' }, pathname: '/sign-in', status, isLocked: true }).kind).toBe(
        'locked',
      );
      expect(decideSession({ handle: { auth: true }, pathname: '/', status, isLocked: true }).kind).toBe('locked');
    }
  });

  it('leaves the signing page and the end of a sign-in open', () => {
    const page = { layout: 'login' as const, auth: false };
    expect(
      decideSession({ handle: page, pathname: '/soa/sign/abc_DEF-123', status: 'signedOut', isLocked: true }),
    ).toEqual({
      kind: 'login-layout',
    });
    expect(decideSession({ handle: page, pathname: '/login/callback', status: 'loading', isLocked: true }).kind).toBe(
      'login-layout',
    );
    expect(
      decideSession({ handle: page, pathname: '/soa/sign/a/../../soa', status: 'signedIn', isLocked: true }).kind,
    ).toBe('locked');
  });
});

describe('decideAgent', () => {
  it('waits for the agent, and reports a failed load', () => {
    expect(decideAgent({ handle: agentPage, agent: undefined }).kind).toBe('loading');
    expect(decideAgent({ handle: agentPage, agent: undefined, isError: true }).kind).toBe('error');
  });

  it('signs out an agent with no status', () => {
    expect(decideAgent({ handle: agentPage, agent: makeAgent({ status: null }) }).kind).toBe('sign-out');
    expect(decideAgent({ handle: agentPage, agent: makeAgent({ status: '' }) }).kind).toBe('sign-out');
  });

  it('sends an agent whose terms stamp is empty to the terms gate', () => {
    const agent = makeAgent({ tos: { document: '<p>T</p>', id: 2, stamp: null } });
    expect(decideAgent({ handle: agentPage, agent })).toEqual({ kind: 'terms-gate', to: '/tosgate' });
  });

  it('keeps a screen closed when its security key is not true', () => {
    const handle = { auth: true, securityKey: 'hasSunfireContracts' as const };
    expect(decideAgent({ handle, agent: makeAgent({ hasSunfireContracts: false }) }).kind).toBe('not-available');
    expect(decideAgent({ handle, agent: makeAgent({ hasSunfireContracts: true }) }).kind).toBe('allow');
  });

  it('shows only the breadcrumb on the case form for a member support tier other than Unlimited', () => {
    const handle = { auth: true, access: 'member-support-unlimited' as const };
    expect(decideAgent({ handle, agent: makeAgent({ memberSupportTier: 'Standard' }) }).kind).toBe('breadcrumb-only');
    expect(decideAgent({ handle, agent: makeAgent({ memberSupportTier: 'Unlimited' }) }).kind).toBe('allow');
  });
});

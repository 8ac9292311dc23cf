import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/factories.ts';
import { decideSession } from './guard.ts';
import { decideUser } from './user-guard.ts';

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

describe('decideUser', () => {
  it('waits for the user, and reports a failed load', () => {
    expect(decideUser({ handle: agentPage, user: undefined }).kind).toBe('loading');
    expect(decideUser({ handle: agentPage, user: undefined, isError: true }).kind).toBe('error');
  });

  it('signs out a user with no status', () => {
    expect(decideUser({ handle: agentPage, user: makeUser({ status: null }) }).kind).toBe('sign-out');
    expect(decideUser({ handle: agentPage, user: makeUser({ status: '' }) }).kind).toBe('sign-out');
  });

  it('sends a user whose terms stamp is empty to the terms gate', () => {
    const user = makeUser({ tos: { document: '<p>T</p>', id: 2, stamp: null } });
    expect(decideUser({ handle: agentPage, user })).toEqual({ kind: 'terms-gate', to: '/tosgate' });
  });

  it('keeps a screen closed when its security key is not true', () => {
    const handle = { auth: true, securityKey: 'hasSunfireContracts' as const };
    expect(decideUser({ handle, user: makeUser({ hasSunfireContracts: false }) }).kind).toBe('not-available');
    expect(decideUser({ handle, user: makeUser({ hasSunfireContracts: true }) }).kind).toBe('allow');
  });

  it('shows only the breadcrumb on the case form for a member support tier other than Unlimited', () => {
    const handle = { auth: true, access: 'member-support-unlimited' as const };
    expect(decideUser({ handle, user: makeUser({ memberSupportTier: 'Standard' }) }).kind).toBe('breadcrumb-only');
    expect(decideUser({ handle, user: makeUser({ memberSupportTier: 'Unlimited' }) }).kind).toBe('allow');
  });
});

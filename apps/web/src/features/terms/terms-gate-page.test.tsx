import { MESSAGES } from '@arc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../auth/session-store.ts';
import * as session from '../../auth/session.ts';
import { makeAgent } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import TermsGatePage from './terms-gate-page.tsx';

const TERMS = {
  id: 3,
  title: 'Terms of Service',
  body: '<h2>Use of ARC</h2><script>alert(1)</script>',
  publishedAt: '2026-01-01T00:00:00.000Z',
};

function setUp(acceptAnswer: { status: number; body: unknown }) {
  setSession({ status: 'signedIn', accessToken: 'access-token', idToken: 'id-token' });
  const agent = makeAgent({ tos: { document: 'Terms of Service', id: 3, stamp: null } });
  return mockFetch({
    'GET /arc/user/info': { body: { agent: { ...agent, tos: { ...agent.tos, stamp: null } } } },
    'GET /arc/terms/3': { body: TERMS },
    'POST /arc/agent/tosagreed': acceptAnswer,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('terms gate /tosgate', () => {
  it('shows the sanitised terms text and accepts the shown version with I AGREE', async () => {
    const { calls } = setUp({
      status: 200,
      body: { tos: { document: 'Terms of Service', id: 3, stamp: '2026-11-22T10:00:00.000Z' } },
    });
    renderWithProviders(<TermsGatePage />, { path: '/tosgate', routes: [{ path: '/', element: <p>home page</p> }] });
    expect(await screen.findByRole('heading', { name: 'Use of ARC' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'I AGREE' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ tosid: 3 });
  });

  it('says "Failed to accept terms" in the app\'s dialog (not the browser\'s alert) and signs out on Close', async () => {
    setUp({ status: 409, body: { code: 'CONFLICT', message: 'This terms version is no longer current.' } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const signOut = vi.spyOn(session, 'signOut').mockResolvedValue();
    renderWithProviders(<TermsGatePage />, { path: '/tosgate' });
    await userEvent.click(await screen.findByRole('button', { name: 'I AGREE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(MESSAGES.termsAcceptFailed);
    expect(alert).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(signOut).toHaveBeenCalled());
  });
});

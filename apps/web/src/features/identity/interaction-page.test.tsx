import { MESSAGES, PASSWORD_TOO_LONG } from '@arc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SessionModule from '../../auth/session.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import InteractionPage from './interaction-page.tsx';

const session = vi.hoisted(() => ({ status: 'signedOut' }));
vi.mock('../../auth/session.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  useSession: () => ({ status: session.status }),
}));

beforeEach(() => {
  session.status = 'signedOut';
});

const renderPage = () => renderWithProviders(<InteractionPage uid="uid-1" />);

describe('sign-in form /interaction/:uid', () => {
  it('says the limits in plain words and drops the alert of an earlier attempt', async () => {
    const { calls } = mockFetch({
      'GET /interaction/uid-1/details': { body: { uid: 'uid-1', prompt: 'login' } },
      'POST /interaction/uid-1/login': {
        status: 401,
        body: { code: 'UNAUTHORIZED', message: MESSAGES.invalidCredentials },
      },
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Username or NPN/), 'demo');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong-Password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MESSAGES.invalidCredentials)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: `Aa1${'x'.repeat(297)}` } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(PASSWORD_TOO_LONG)).toBeInTheDocument();
    expect(screen.queryByText(/Too big|expected string/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(MESSAGES.invalidCredentials)).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('a finished or stale sign-in reached while signed in goes home', async () => {
    session.status = 'signedIn';
    mockFetch({
      'GET /interaction/uid-1/details': { status: 410, body: { code: 'GONE', message: MESSAGES.sessionExpired } },
    });
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, origin: window.location.origin });
    renderPage();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'));
    vi.unstubAllGlobals();
  });

  it('a stale sign-in while signed out offers to start again', async () => {
    mockFetch({
      'GET /interaction/uid-1/details': { status: 410, body: { code: 'GONE', message: MESSAGES.sessionExpired } },
    });
    renderPage();
    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/sign-in');
  });

  it('leaves for Register and Forgot Password with a page load, remembered for their Back to login', async () => {
    mockFetch({ 'GET /interaction/uid-1/details': { body: { uid: 'uid-1', prompt: 'login' } } });
    renderPage();
    const register = await screen.findByRole('link', { name: 'Register' });
    expect(register).toHaveAttribute('href', '/sign-in/register');
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/sign-in/forgot');
    register.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(register);
    expect(sessionStorage.getItem('arc.leftSignInForm')).toBe('1');
  });
});

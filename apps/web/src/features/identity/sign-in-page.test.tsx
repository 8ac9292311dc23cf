import { MESSAGES } from '@arc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import SignInPage from './sign-in-page.tsx';

const session = vi.hoisted(() => ({ signIn: vi.fn(), isPaused: false }));
vi.mock('../../auth/session.ts', () => ({
  signIn: session.signIn,
  takeSignInPaused: () => session.isPaused,
}));

beforeEach(() => {
  session.signIn.mockReset().mockResolvedValue(undefined);
  session.isPaused = false;
});

const renderAction = (name: 'login') =>
  renderWithProviders(<SignInPage />, { path: `/sign-in/${name}`, handle: { name } });

describe('sign-in screen /sign-in', () => {
  it('login: starts the code + PKCE redirect at once', async () => {
    renderAction('login');
    expect(await screen.findByText('Taking you to sign in…')).toBeInTheDocument();
    expect(session.signIn).toHaveBeenCalledTimes(1);
  });

  it('login after a stopped sign-in loop: asks before starting again', async () => {
    session.isPaused = true;
    renderAction('login');
    expect(screen.getByText(MESSAGES.sessionExpired)).toBeInTheDocument();
    expect(session.signIn).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(session.signIn).toHaveBeenCalledTimes(1);
  });
});

import { STAFF_MESSAGES } from '@arc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import StaffEnrol from './staff-enrol-page.tsx';
import StaffInteraction from './staff-interaction-page.tsx';

describe('staff sign-in /staff/interaction/:uid', () => {
  it('asks for the password, then the code, and follows the answer', async () => {
    const assign = vi.fn();
    let codes = 0;
    vi.stubGlobal('location', { ...window.location, assign, origin: window.location.origin });
    const { calls } = mockFetch({
      'GET /staff/interaction/uid-1/details': { body: { uid: 'uid-1', step: 'password' } },
      'POST /staff/interaction/uid-1/password': { body: { next: 'second-factor' } },
      'POST /staff/interaction/uid-1/second-factor': () =>
        ++codes === 1
          ? { status: 401, body: { code: 'UNAUTHORIZED', message: STAFF_MESSAGES.invalidCode } }
          : { body: { redirectTo: '/oidc/auth/resume' } },
    });
    renderWithProviders(<StaffInteraction />, {
      path: '/staff/interaction/:uid',
      initialPath: '/staff/interaction/uid-1',
    });
    await userEvent.type(await screen.findByLabelText(/E-mail/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Demo-Staff-2026!');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText(/^Code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(STAFF_MESSAGES.invalidCode)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/oidc/auth/resume'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3);
    vi.unstubAllGlobals();
  });
});

describe('staff enrolment /staff/enrol/:token', () => {
  it('shows the QR code and the secret, then the recovery codes once', async () => {
    mockFetch({
      'GET /arc/staff/enrolment/tok': {
        body: {
          email: 'rita@provider.test',
          role: 'content',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
          qrCode: 'data:image/png;base64,AAAA',
        },
      },
      'POST /arc/staff/enrolment/tok': { body: { recoveryCodes: ['abcde-fghjk', 'mnpqr-stuvw'] } },
    });
    renderWithProviders(<StaffEnrol />, { path: '/staff/enrol/:token', initialPath: '/staff/enrol/tok' });
    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code/ })).toBeInTheDocument();
    expect(screen.getByText(/rita@provider.test · Content/)).toBeInTheDocument();
    // the rules show as the password is typed, met or not
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    await userEvent.type(screen.getByLabelText(/^New password/), 'staff');
    expect(rules).toHaveTextContent('At least 8 characters (not met)');
    expect(rules).toHaveTextContent('One lower case letter (met)');
    expect(rules).not.toHaveTextContent('Both passwords match');
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Staff-Password-2026!');
    expect(rules).not.toHaveTextContent('(not met)');
    await userEvent.type(screen.getByLabelText(/^Code from your authenticator app/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByText('abcde-fghjk')).toBeInTheDocument();
    expect(screen.getByText('mnpqr-stuvw')).toBeInTheDocument();
  });

  it('says when the link is expired or used', async () => {
    mockFetch({
      'GET /arc/staff/enrolment/tok': {
        status: 410,
        body: { code: 'GONE', message: 'This enrolment link is expired or was used already.' },
      },
    });
    renderWithProviders(<StaffEnrol />, { path: '/staff/enrol/:token', initialPath: '/staff/enrol/tok' });
    expect(await screen.findByText('This enrolment link is expired or was used already.')).toBeInTheDocument();
  });
});

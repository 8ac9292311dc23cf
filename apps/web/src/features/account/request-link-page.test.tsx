import { MESSAGES } from '@arc/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import RequestLinkPage from './request-link-page.tsx';

const renderAction = (name: 'forgot' | 'register') =>
  renderWithProviders(<RequestLinkPage />, {
    path: `/sign-in/${name}`,
    handle: { name },
    routes: [{ path: '/sign-in', element: <p>login route</p> }],
  });

describe('/sign-in/forgot and /sign-in/register', () => {
  it('forgot: NPN is required, then the answer never says whether the account exists', async () => {
    const { calls } = mockFetch({ 'POST /arc/forgotpassword': { body: { message: 'sent' } } });
    renderAction('forgot');
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('NPN is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/NPN/), '17000001');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.forgotSuccess)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ body: { agentNum: '17000001', action: 'forgotpassword' } });
  });

  it('register: Sign Up form with NPN, Submit and Back to login', async () => {
    mockFetch({ 'POST /arc/registeraccount': { body: { message: 'sent' } } });
    renderAction('register');
    expect(await screen.findByRole('heading', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/sign-in');
    await userEvent.type(screen.getByLabelText(/NPN/), '17000003');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.registerSuccess)).toBeInTheDocument();
  });

  it('an error status shows the server message in an Error dialog and records an event', async () => {
    const { calls } = mockFetch({
      'POST /arc/registeraccount': { status: 429, body: { code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests } },
      'POST /arc/telemetry': { status: 202, body: { ok: true } },
    });
    renderAction('register');
    await userEvent.type(await screen.findByLabelText(/NPN/), '17000003');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(dialog).toHaveTextContent(MESSAGES.tooManyRequests);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/arc/telemetry'));
    expect(calls.find((c) => c.path === '/arc/telemetry')?.body).toMatchObject({
      event: 'register_failed',
      data: { status: 429 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/NPN/)).toBeInTheDocument();
  });

  it('an over-long NPN is refused on the field in plain words', async () => {
    const { calls } = mockFetch({});
    renderAction('forgot');
    await userEvent.type(await screen.findByLabelText(/NPN/), '1'.repeat(11));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('NPN must be 10 digits or fewer.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('Back to login switches to the login action', async () => {
    renderAction('forgot');
    await userEvent.click(await screen.findByRole('link', { name: 'Back to login' }));
    expect(await screen.findByText('login route')).toBeInTheDocument();
  });
});

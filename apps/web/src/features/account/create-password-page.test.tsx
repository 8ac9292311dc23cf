import { MESSAGES, PASSWORD_TOO_LONG } from '@arc/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import CreatePasswordPage from './create-password-page.tsx';

const renderPage = () =>
  renderWithProviders(<CreatePasswordPage />, { path: '/register/:token', initialPath: '/register/link-token-1' });

describe('create-password screen /register/:token', () => {
  it('checks the link with its token, then enables Submit only when every rule passes', async () => {
    const { calls } = mockFetch({
      'GET /arc/register/link': { body: { purpose: 'register', username: 'newcomer' } },
      'POST /arc/password/common': { body: { isCommon: false } },
      'POST /arc/register/password': { body: { status: 'Success', username: 'newcomer' } },
    });
    renderPage();
    const submit = await screen.findByRole('button', { name: 'Create Password' });
    expect(calls[0]?.authorization).toBe('Bearer link-token-1');
    expect(submit).toBeDisabled();

    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    // the spec's five rules and the server's two (not common, not the username or NPN)
    expect(within(checklist).getAllByText('(not met)')).toHaveLength(7);

    await userEvent.type(screen.getByLabelText(/^New Password/), 'newcomer-pass');
    expect(within(checklist).getByText('At least 8 characters').parentElement).toHaveTextContent('(met)');
    expect(within(checklist).getByText('One capital letter').parentElement).toHaveTextContent('(not met)');
    expect(submit).toBeDisabled();

    await userEvent.clear(screen.getByLabelText(/^New Password/));
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Newcomer-Pass-42');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Newcomer-Pass-4');
    expect(within(checklist).getByText('Both passwords match').parentElement).toHaveTextContent('(not met)');
    expect(submit).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/^Confirm Password/), '2');
    // "newcomer" is the username: the rule says so live
    expect(within(checklist).getByText('Does not contain your username or NPN').parentElement).toHaveTextContent(
      '(not met)',
    );
    await userEvent.clear(screen.getByLabelText(/^New Password/));
    await userEvent.clear(screen.getByLabelText(/^Confirm Password/));
    await userEvent.type(screen.getByLabelText(/^New Password/), 'Harbor-Pass-42');
    await userEvent.type(screen.getByLabelText(/^Confirm Password/), 'Harbor-Pass-42');
    await vi.waitFor(() => expect(within(checklist).queryAllByText('(not met)')).toHaveLength(0));
    expect(submit).toBeEnabled();

    await userEvent.click(submit);
    expect(await screen.findByText(/your password was created/i)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(calls.find((call) => call.path === '/arc/register/password')).toMatchObject({
      method: 'POST',
      body: { password: 'Harbor-Pass-42' },
      authorization: 'Bearer link-token-1',
    });
  });

  it('shows a common password as not met, and says "Password reset" after a reset', async () => {
    mockFetch({
      'GET /arc/register/link': { body: { purpose: 'forgot', username: 'someone', npn: '17000003' } },
      'POST /arc/password/common': (call) => ({
        body: { isCommon: (call.body as { password: string }).password === '1qaz@WSX' },
      }),
      'POST /arc/register/password': { body: { status: 'Success', username: 'someone' } },
    });
    renderWithProviders(<CreatePasswordPage />, {
      path: '/forgotpass/:token',
      initialPath: '/forgotpass/link-token-2',
    });
    const submit = await screen.findByRole('button', { name: 'Create Password' });
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: '1qaz@WSX' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: '1qaz@WSX' } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(within(checklist).getByText('Not a commonly used password').parentElement).toHaveTextContent('(not met)');
    expect(submit).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Harbor-17000003-x' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Harbor-17000003-x' } });
    expect(within(checklist).getByText('Does not contain your username or NPN').parentElement).toHaveTextContent(
      '(not met)',
    );
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Harbor-Pass-42' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Harbor-Pass-42' } });
    await vi.waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByRole('heading', { name: 'Password reset' })).toBeInTheDocument();
    expect(screen.getByText(/your password was reset/i)).toBeInTheDocument();
  });

  it('an expired link shows "This link is expired." with Back to login, Register and Forgot Password', async () => {
    mockFetch({ 'GET /arc/register/link': { status: 410, body: { code: 'GONE', message: MESSAGES.linkExpired } } });
    renderPage();
    expect(await screen.findByText(MESSAGES.linkExpired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/sign-in');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/sign-in/register');
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/sign-in/forgot');
    expect(screen.queryByLabelText(/New Password/)).not.toBeInTheDocument();
  });

  it('a fast double click sends one request and ends on success, even if a repeat would find the link used', async () => {
    let posts = 0;
    const { calls } = mockFetch({
      'GET /arc/register/link': { body: { purpose: 'register', username: 'newcomer' } },
      'POST /arc/password/common': { body: { isCommon: false } },
      'POST /arc/register/password': () => {
        posts += 1;
        return posts === 1
          ? { body: { status: 'Success', username: 'newcomer' } }
          : { status: 410, body: { code: 'GONE', message: MESSAGES.linkExpired } };
      },
    });
    renderPage();
    const submit = await screen.findByRole('button', { name: 'Create Password' });
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: 'Harbor-Pass-42' } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: 'Harbor-Pass-42' } });
    await vi.waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText(/your password was created/i)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/arc/register/password')).toHaveLength(1);
    expect(screen.queryByText(MESSAGES.linkExpired)).not.toBeInTheDocument();
  });

  it('a 300-character password meets "At least 8 characters" but is refused as too long, in plain words', async () => {
    const { calls } = mockFetch({ 'GET /arc/register/link': { body: { purpose: 'forgot', username: 'demo2' } } });
    renderPage();
    const submit = await screen.findByRole('button', { name: 'Create Password' });
    const long = `Aa1${'x'.repeat(297)}`;
    fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: long } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: long } });
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    expect(within(checklist).getByText('At least 8 characters').parentElement).toHaveTextContent('(met)');
    expect(screen.getByText(PASSWORD_TOO_LONG)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

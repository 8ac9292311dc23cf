import { PROFILE_MESSAGES } from '@arc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeAgent } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EmailForm } from './email-form.tsx';

describe('EmailForm', () => {
  it('checks the address on blur and on submit, clears the message while typing, then sends the trimmed address', async () => {
    const { calls } = mockFetch({ 'POST /arc/user/updateinfo': { body: { message: 'ok' } } });
    const onDone = vi.fn();
    renderWithProviders(<EmailForm agent={makeAgent({ email: 'agent@example.com' })} onDone={onDone} />);
    const field = screen.getByRole('textbox', { name: /Email Address/ });
    expect(field).toHaveValue('agent@example.com');

    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Update Email Address' }));
    expect(await screen.findByText(PROFILE_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.type(field, 'not-an-address');
    expect(screen.queryByText(PROFILE_MESSAGES.emailRequired)).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText(PROFILE_MESSAGES.emailInvalid)).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '  new@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email Address' }));
    expect(await screen.findByText(PROFILE_MESSAGES.emailPasswordRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Current Password/), 'Current-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email Address' }));
    await vi.waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        title: PROFILE_MESSAGES.checkEmailTitle,
        message: PROFILE_MESSAGES.checkEmail,
      }),
    );
    expect(calls.map((c) => c.body)).toEqual([{ agent: { email: 'new@example.com' }, password: 'Current-Pass-1' }]);
    expect(screen.queryByText(PROFILE_MESSAGES.emailInvalid)).toBeNull();
    // the field shows the address in use again; the pending one comes with the agent
    expect(field).toHaveValue('agent@example.com');
  }, 30_000);

  it('shows a wrong current password on its field and keeps what was typed', async () => {
    mockFetch({
      'POST /arc/user/updateinfo': {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: PROFILE_MESSAGES.wrongOldPassword,
          fieldErrors: { password: [PROFILE_MESSAGES.wrongOldPassword] },
        },
      },
    });
    const onDone = vi.fn();
    renderWithProviders(<EmailForm agent={makeAgent({ email: 'agent@example.com' })} onDone={onDone} />);
    const field = screen.getByRole('textbox', { name: /Email Address/ });
    await userEvent.clear(field);
    await userEvent.type(field, 'new@example.com');
    await userEvent.type(screen.getByLabelText(/Current Password/), 'Wrong-Pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email Address' }));
    expect(await screen.findByText(PROFILE_MESSAGES.wrongOldPassword)).toBeInTheDocument();
    expect(field).toHaveValue('new@example.com');
    expect(onDone).not.toHaveBeenCalled();
  }, 30_000);

  it('shows the current address in the field and an unconfirmed one as pending', () => {
    mockFetch({});
    renderWithProviders(
      <EmailForm agent={makeAgent({ email: 'agent@example.com', pendingEmail: 'new@example.com' })} onDone={vi.fn()} />,
    );
    expect(screen.getByRole('textbox', { name: /Email Address/ })).toHaveValue('agent@example.com');
    expect(screen.getByTestId('pending-email')).toHaveTextContent(`${PROFILE_MESSAGES.emailPending}: new@example.com`);
  });
});

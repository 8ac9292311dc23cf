import { PROFILE_MESSAGES } from '@arc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { EmailForm } from './email-form.tsx';

describe('EmailForm', () => {
  it('checks the address on blur and on submit, clears the message while typing, then sends the trimmed address', async () => {
    const { calls } = mockFetch({ 'POST /arc/user/updateinfo': { body: { message: 'ok' } } });
    const onDone = vi.fn();
    renderWithProviders(<EmailForm user={makeUser({ email: 'agent@example.com' })} onDone={onDone} />);
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
    await vi.waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        title: PROFILE_MESSAGES.checkEmailTitle,
        message: PROFILE_MESSAGES.checkEmail,
      }),
    );
    expect(calls.map((c) => c.body)).toEqual([{ agent: { email: 'new@example.com' } }]);
    expect(screen.queryByText(PROFILE_MESSAGES.emailInvalid)).toBeNull();
  }, 30_000);
});

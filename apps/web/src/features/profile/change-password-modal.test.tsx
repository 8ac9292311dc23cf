import { PROFILE_MESSAGES } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ChangePasswordModal } from './change-password-modal.tsx';

describe('Change Password modal', () => {
  it('shows the six criteria live and sends {oldPassword, newPass1} only when all hold', async () => {
    const { calls } = mockFetch({
      'POST /arc/password/common': { body: { isCommon: false } },
      'POST /arc/user/create/password': { status: 201, body: { message: PROFILE_MESSAGES.passwordUpdated } },
    });
    const onDone = vi.fn();
    renderWithProviders(<ChangePasswordModal opened onClose={() => {}} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const submit = within(dialog).getByRole('button', { name: 'Change Password' });
    const checklist = within(dialog).getByRole('list', { name: 'Password requirements' });
    // the spec's six and the server's two (not common, not the username or NPN)
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(8);
    expect(submit).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText(/^Current Password/), 'Current-Pass-1');
    await userEvent.type(within(dialog).getByLabelText(/^New Password/), 'Current-Pass-1');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm New Password/), 'Current-Pass-1');
    expect(within(checklist).getByText('Different from your current password').parentElement).toHaveTextContent(
      '(not met)',
    );
    expect(submit).toBeDisabled();

    await userEvent.type(within(dialog).getByLabelText(/^New Password/), 'x');
    await userEvent.type(within(dialog).getByLabelText(/^Confirm New Password/), 'x');
    await vi.waitFor(() => expect(within(checklist).queryAllByText('(not met)')).toHaveLength(0));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    await vi.waitFor(() =>
      expect(onDone).toHaveBeenCalledWith({
        title: PROFILE_MESSAGES.passwordUpdatedTitle,
        message: PROFILE_MESSAGES.passwordUpdated,
      }),
    );
    expect(calls.find((call) => call.path === '/arc/user/create/password')!.body).toEqual({
      oldPassword: 'Current-Pass-1',
      newPass1: 'Current-Pass-1x',
    });
  });

  it('says the short current password and failing new password in the spec’s words', async () => {
    renderWithProviders(<ChangePasswordModal opened onClose={() => {}} onDone={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    await userEvent.type(within(dialog).getByLabelText(/^Current Password/), 'short');
    await userEvent.type(within(dialog).getByLabelText(/^New Password/), 'weakpass');
    await userEvent.click(within(dialog).getByLabelText(/^Confirm New Password/));
    expect(within(dialog).getByText(PROFILE_MESSAGES.oldPasswordLength)).toBeInTheDocument();
    expect(within(dialog).getByText(PROFILE_MESSAGES.newPasswordCriteria)).toBeInTheDocument();
  });
});

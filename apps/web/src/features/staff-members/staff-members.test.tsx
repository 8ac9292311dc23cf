import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAFF_ZONE } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffMembersPage from './staff-members-page.tsx';

describe('/staff/members', () => {
  it('adds a staff member and shows the one-time enrolment link; no Disable on your own row', async () => {
    signInStaffForTest();
    const member = (id: string, email: string, role: string) => ({
      id,
      email,
      role,
      status: 'active',
      isEnrolled: false,
      lastSignInAt: null,
      createdAt: '2026-11-27T15:00:00.000Z',
    });
    const { calls } = mockFetch({
      'GET /arc/staff/me': { body: { id: 'a1', email: 'admin@provider.test', role: 'admin', ...STAFF_ZONE } },
      'GET /arc/staff/members': { body: { members: [member('a1', 'admin@provider.test', 'admin')] } },
      'POST /arc/staff/members': {
        status: 201,
        body: {
          member: member('n1', 'nina@provider.test', 'content'),
          enrolmentLink: 'http://localhost/staff/enrol/tok',
          expiresAt: '2026-11-30T15:00:00.000Z',
          emailedTo: 'nina@provider.test',
        },
      },
    });
    renderWithProviders(<StaffMembersPage />, { path: '/staff/members', initialPath: '/staff/members' });
    const row = (await screen.findByText('admin@provider.test')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'nina@provider.test');
    await userEvent.selectOptions(screen.getByLabelText(/^Role/), 'content');
    await userEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('http://localhost/staff/enrol/tok')).toBeInTheDocument();
    expect(screen.getByText('Sent to nina@provider.test')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'nina@provider.test', role: 'content' });
  });

  it('changes a member’s role after a confirmation and enables a disabled member; no Change role on your own row', async () => {
    signInStaffForTest();
    const member = (id: string, email: string, role: string, status = 'active') => ({
      id,
      email,
      role,
      status,
      isEnrolled: true,
      lastSignInAt: null,
      createdAt: '2026-11-27T15:00:00.000Z',
    });
    const { calls } = mockFetch({
      'GET /arc/staff/me': { body: { id: 'a1', email: 'admin@provider.test', role: 'admin', ...STAFF_ZONE } },
      'GET /arc/staff/members': {
        body: {
          members: [
            member('a1', 'admin@provider.test', 'admin'),
            member('s1', 'sam@provider.test', 'support'),
            member('d1', 'dora@provider.test', 'operations', 'disabled'),
          ],
        },
      },
      'PUT /arc/staff/members/s1/role': { body: member('s1', 'sam@provider.test', 'operations') },
      'POST /arc/staff/members/d1/enable': { body: member('d1', 'dora@provider.test', 'operations') },
    });
    renderWithProviders(<StaffMembersPage />, { path: '/staff/members', initialPath: '/staff/members' });
    const own = (await screen.findByText('admin@provider.test')).closest('tr')!;
    expect(within(own).queryByRole('button', { name: /^Change role/ })).not.toBeInTheDocument();
    const disabled = screen.getByText('dora@provider.test').closest('tr')!;
    expect(within(disabled).queryByRole('button', { name: /^Disable/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change role of sam@provider.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(within(dialog).getByText(/Their sessions stay open/)).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('New role'), 'operations');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ role: 'operations' }));

    await userEvent.click(screen.getByRole('button', { name: 'Enable dora@provider.test' }));
    const confirm = await screen.findByRole('dialog', { name: 'Enable staff member' });
    expect(within(confirm).getByText(/sign in again with their password and second factor/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Enable' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === '/arc/staff/members/d1/enable')).toBe(true),
    );
  });

  it('refuses a bad e-mail before calling the server', async () => {
    signInStaffForTest();
    const { calls } = mockFetch({
      'GET /arc/staff/me': { body: { id: 'a1', email: 'admin@provider.test', role: 'admin', ...STAFF_ZONE } },
      'GET /arc/staff/members': { body: { members: [] } },
    });
    renderWithProviders(<StaffMembersPage />, { path: '/staff/members', initialPath: '/staff/members' });
    expect(await screen.findByText('No staff members yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^E-mail/), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Add staff member' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

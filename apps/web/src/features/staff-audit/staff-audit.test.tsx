import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ZONE } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffAuditPage from './staff-audit-page.tsx';

const entry = (id: number, action = 'staff.sign-in.succeeded') => ({
  id,
  occurredAt: '2026-11-27T15:00:00.000Z',
  action,
  agent: null,
  staffEmail: 'admin@provider.test',
  subject: 'admin@provider.test',
  ip: '127.0.0.1',
  detail: 'factor: totp',
});

describe('/staff/audit', () => {
  it('shows the rows, loads the next page by its cursor; no Export for operations', async () => {
    signInStaffForTest();
    let pages = 0;
    const { calls } = mockFetch({
      'GET /arc/staff/me': { body: { id: 's1', email: 'ops@provider.test', role: 'operations', ...STAFF_ZONE } },
      'GET /arc/staff/audit': () =>
        ++pages === 1
          ? { body: { rows: [entry(3), entry(2)], nextCursor: '1764255600000-2' } }
          : { body: { rows: [entry(1, 'staff.created')], nextCursor: null } },
    });
    renderWithProviders(<StaffAuditPage />, { path: '/staff/audit', initialPath: '/staff/audit?action=staff.created' });
    expect(await screen.findAllByRole('cell', { name: 'staff.sign-in.succeeded' })).toHaveLength(2);
    expect(screen.getByLabelText(/^Action/)).toHaveValue('staff.created');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('cell', { name: 'staff.created' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText(/3 records shown, all that match/)).toBeInTheDocument();
    expect(
      calls.filter((c) => c.path === '/arc/staff/audit').every((c) => c.authorization === 'Bearer staff-token'),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Export .xlsx' })).not.toBeInTheDocument();
  });

  it('says when nothing matches, and offers Export to an admin', async () => {
    signInStaffForTest();
    mockFetch({
      'GET /arc/staff/me': { body: { id: 's1', email: 'admin@provider.test', role: 'admin', ...STAFF_ZONE } },
      'GET /arc/staff/audit': { body: { rows: [], nextCursor: null } },
    });
    renderWithProviders(<StaffAuditPage />, { path: '/staff/audit', initialPath: '/staff/audit' });
    expect(await screen.findByText('No audit records match these filters.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Export .xlsx' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ZONE } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffTermsPage from './staff-terms-page.tsx';

const version = {
  id: 2,
  title: 'Terms of Service, version 2',
  status: 'published',
  effectiveAt: '2026-12-01T15:00:00.000Z',
  publishedBy: 'admin@provider.test',
  publishedAt: '2026-12-01T15:00:00.000Z',
  updatedAt: '2026-12-01T15:00:00.000Z',
  acceptances: 1,
};
const row = (npn: string, name: string, remindedAt: string | null = null) => ({
  npn,
  name,
  email: `${npn}@agents.example`,
  lastSignInAt: npn === '17000002' ? '2026-12-02T16:30:00.000Z' : null,
  remindedAt,
});

function setUp() {
  signInStaffForTest();
  const reminded = new Set<string>();
  const mock = mockFetch({
    'GET /arc/staff/me': { body: { id: 's1', email: 'admin@provider.test', role: 'admin', ...STAFF_ZONE } },
    'GET /arc/staff/terms': { body: { versions: [version] } },
    'GET /arc/staff/terms-acceptances': { body: { rows: [], total: 0, page: 1, pageSize: 50 } },
    'GET /arc/staff/terms-not-accepted': () => ({
      body: {
        version: { id: 2, title: version.title },
        rows: [
          row('17000002', 'Jordan Blake', reminded.has('17000002') ? '2026-12-07T15:00:00.000Z' : null),
          row('17000003', 'Riley Chen'),
        ],
        total: 2,
        page: 1,
        pageSize: 50,
      },
    }),
    'POST /arc/staff/terms-not-accepted/remind': (call) => {
      const body = call.body as { to: string; npns?: string[] };
      if (body.to === 'all') {
        return {
          body: {
            reminded: 1,
            skipped: 1,
            notPending: 0,
            message: '1 reminded, 1 skipped: reminded in the last 24 hours.',
          },
        };
      }
      for (const npn of body.npns ?? []) reminded.add(npn);
      return { body: { reminded: 1, skipped: 0, notPending: 0, message: '1 reminded.' } };
    },
  });
  renderWithProviders(<StaffTermsPage />, { path: '/staff/terms', initialPath: '/staff/terms' });
  return mock;
}

describe('/staff/terms, who has not accepted', () => {
  it('lists them with the count, reminds one selected agent and shows the answer and when', async () => {
    const { calls } = setUp();
    await userEvent.click(await screen.findByRole('tab', { name: 'Not accepted' }));
    expect(await screen.findByText('2 agents have not accepted version 2')).toBeVisible();
    const table = screen.getByRole('table', { name: 'Agents who have not accepted' });
    const blake = await within(table).findByRole('row', { name: /Jordan Blake/ });
    expect(blake).toHaveTextContent('17000002@agents.example');
    expect(within(table).getByRole('row', { name: /Riley Chen/ })).toHaveTextContent('Not recorded');
    expect(blake).toHaveTextContent('Never');

    const send = screen.getByRole('button', { name: 'Send a reminder to the selected' });
    expect(send).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select Jordan Blake' }));
    await userEvent.click(send);
    expect(await screen.findByRole('status')).toHaveTextContent('1 reminded.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { to: 'selected', npns: ['17000002'] },
    ]);
    expect(calls.every((c) => c.path === '/arc/staff/me' || c.authorization === 'Bearer staff-token')).toBe(true);
    // the list is read again: the row says when it was reminded, the selection is cleared
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /Jordan Blake/ })).not.toHaveTextContent('Never'),
    );
    expect(screen.getByRole('button', { name: 'Send a reminder to the selected' })).toBeDisabled();
  });

  it('asks before reminding everyone; Cancel sends nothing, confirming sends to all and says who was skipped', async () => {
    const { calls } = setUp();
    await userEvent.click(await screen.findByRole('tab', { name: 'Not accepted' }));
    await screen.findByText('2 agents have not accepted version 2');
    await userEvent.click(screen.getByRole('button', { name: 'Send a reminder to everyone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remind everyone who has not accepted?' });
    expect(dialog).toHaveTextContent('2 agents have not accepted version 2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Send a reminder to everyone' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Remind everyone who has not accepted?' })).getByRole('button', {
        name: 'Send the reminders',
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 reminded, 1 skipped: reminded in the last 24 hours.',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ to: 'all' }]);
  });
});

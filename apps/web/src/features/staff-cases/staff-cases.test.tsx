import { STAFF_CASE_MESSAGES } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STAFF_ZONE } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffCasePage from './staff-case-page.tsx';

// the Textarea's autosize listens for web fonts loading, which jsdom has not
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

const CASE_ID = 'case_abc';
const staffCase = (overrides: object = {}) => ({
  id: CASE_ID,
  version: 3,
  status: 'Open',
  createdAt: '2026-11-27T15:00:00.000Z',
  updatedAt: '2026-11-27T16:00:00.000Z',
  agent: { npn: '17000001', firstName: 'Dana', lastName: 'Whitfield', email: 'demo@agents.example' },
  requestType: 'Claim Issue',
  memberName: 'Rosa Martinez',
  carrier: 'Humana',
  assignee: null,
  memberId: 'H1234-567',
  dateOfBirth: '1954-03-09',
  memberPhoneNumber: '',
  description: 'Denied as out of network.',
  carrierService: '',
  thread: [
    {
      id: 1,
      kind: 'note',
      body: 'Called the carrier',
      author: { id: 's2', name: 'admin' },
      createdAt: '2026-11-27T16:00:00.000Z',
      emailedTo: null,
    },
  ],
  ...overrides,
});

describe('/staff/cases/:id', () => {
  it('sends an action at the version shown; a colleague’s change first shows the message and keeps the reply', async () => {
    signInStaffForTest();
    let version = 3;
    let assignee: { id: string; name: string } | null = null;
    const { calls } = mockFetch({
      'GET /arc/staff/me': { body: { id: 's1', email: 'ops@provider.test', role: 'operations', ...STAFF_ZONE } },
      [`GET /arc/staff/cases/${CASE_ID}`]: () => ({ body: staffCase({ version, assignee }) }),
      [`POST /arc/staff/cases/${CASE_ID}/actions`]: (call) => {
        const { action } = call.body as { action: { kind: string } };
        if (action.kind === 'assign') {
          version = 4;
          assignee = { id: 's1', name: 'ops' };
          return { body: staffCase({ version, assignee }) };
        }
        // a colleague acted in between
        version = 5;
        return { status: 409, body: { code: 'CONFLICT', message: STAFF_CASE_MESSAGES.stale } };
      },
    });
    renderWithProviders(<StaffCasePage />, { path: '/staff/cases/:id', initialPath: `/staff/cases/${CASE_ID}` });
    expect(await screen.findByRole('heading', { name: 'Claim Issue for Rosa Martinez', level: 1 })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Internal note' })).toBeVisible();
    expect(screen.getByText('Called the carrier')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByRole('status')).toHaveTextContent(STAFF_CASE_MESSAGES.assigned);
    expect(screen.getByText('Assigned to ops')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();

    const reply = screen.getByRole('textbox', { name: 'Reply to the agent' });
    await userEvent.type(reply, 'We are on it.');
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_CASE_MESSAGES.stale);
    expect(reply).toHaveValue('We are on it.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      { version: 3, action: { kind: 'assign' } },
      { version: 4, action: { kind: 'reply', text: 'We are on it.' } },
    ]);
    expect(posts.every((c) => c.authorization === 'Bearer staff-token')).toBe(true);
  });

  it('refuses an empty reply in the form, without a call', async () => {
    signInStaffForTest();
    const { calls } = mockFetch({
      'GET /arc/staff/me': { body: { id: 's1', email: 'ops@provider.test', role: 'operations', ...STAFF_ZONE } },
      [`GET /arc/staff/cases/${CASE_ID}`]: { body: staffCase() },
    });
    renderWithProviders(<StaffCasePage />, { path: '/staff/cases/:id', initialPath: `/staff/cases/${CASE_ID}` });
    await userEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    expect(await screen.findByText('The reply is required')).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    const status = screen.getByRole('group', { name: 'Case actions' });
    expect(within(status).getByRole('button', { name: 'Set status' })).toBeDisabled();
  });
});

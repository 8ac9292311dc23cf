import { STAFF_CASE_MESSAGES } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAFF_ZONE } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffCasePage from './staff-case-page.tsx';
import StaffCasesPage from './staff-cases-page.tsx';

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

const HOUR = 3_600_000;
const ME = { id: 's1', email: 'ops@provider.test', role: 'operations', ...STAFF_ZONE };
const MEMBERS = [
  { id: 's1', name: 'ops' },
  { id: 's2', name: 'Sam Support' },
];

/** A queue row filed `hoursAgo` before now. */
const caseRow = (id: string, memberName: string, hoursAgo: number, overrides: object = {}) => ({
  id,
  version: 1,
  status: 'Open',
  createdAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  updatedAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
  agent: { npn: '17000001', firstName: 'Dana', lastName: 'Whitfield' },
  requestType: 'Claim Issue',
  memberName,
  carrier: 'Humana',
  assignee: null as { id: string; name: string } | null,
  ...overrides,
});

const caseList = (rows: object[]) => ({
  rows,
  total: rows.length,
  page: 1,
  pageSize: 50,
  assignees: MEMBERS,
  carriers: ['Aetna', 'Humana'],
  slaHours: 24,
});

/** The list calls' query parameters, in order. */
const listQueries = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/arc/staff/cases')
    .map((url) => Object.fromEntries(url.searchParams));

describe('/staff/cases', () => {
  it('shows each case’s age and flags, in words, an Open case past the dashboard’s SLA', async () => {
    signInStaffForTest();
    mockFetch({
      'GET /arc/staff/me': { body: ME },
      'GET /arc/staff/cases': {
        body: caseList([
          caseRow('c1', 'Late Open', 50),
          caseRow('c2', 'Fresh Open', 3),
          caseRow('c3', 'Old Closed', 80, { status: 'Closed' }),
          caseRow('c4', 'Old Replied', 30, { status: 'In progress' }),
        ]),
      },
    });
    renderWithProviders(<StaffCasesPage />, { path: '/staff/cases' });
    const table = await screen.findByRole('table', { name: 'Member-support cases' });
    expect(within(table).getByRole('columnheader', { name: 'Age' })).toBeVisible();
    const row = (member: string) => within(table).getByRole('row', { name: new RegExp(member) });
    await screen.findByText('Late Open', { exact: false });
    expect(row('Late Open')).toHaveTextContent('2 d 2 h');
    expect(row('Late Open')).toHaveTextContent('Past SLA');
    expect(row('Fresh Open')).toHaveTextContent('3 h');
    expect(row('Fresh Open')).not.toHaveTextContent('Past SLA');
    // a reply started the work (In progress) and a closed case is done: neither waits against the SLA
    expect(row('Old Closed')).toHaveTextContent('3 d 8 h');
    expect(row('Old Closed')).not.toHaveTextContent('Past SLA');
    expect(row('Old Replied')).not.toHaveTextContent('Past SLA');
    expect(screen.getByText(/SLA 1 d: an Open case older than this/)).toBeVisible();
  });

  it('filters by request type and carrier (the carriers the server names); the URL keeps them', async () => {
    signInStaffForTest();
    const { fetchMock } = mockFetch({
      'GET /arc/staff/me': { body: ME },
      'GET /arc/staff/cases': { body: caseList([caseRow('c1', 'Rosa Martinez', 2)]) },
    });
    const { router } = renderWithProviders(<StaffCasesPage />, { path: '/staff/cases' });
    await screen.findByText(/Rosa Martinez/);
    const carrier = screen.getByRole('combobox', { name: 'Carrier' });
    expect(
      within(carrier)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any carrier', 'Aetna', 'Humana']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Request type' }), 'Billing Support');
    await vi.waitFor(() => expect(router.state.location.search).toContain('requestType=Billing+Support'));
    await userEvent.selectOptions(carrier, 'Aetna');
    await vi.waitFor(() => expect(router.state.location.search).toContain('carrier=Aetna'));
    await vi.waitFor(() =>
      expect(listQueries(fetchMock).at(-1)).toMatchObject({ requestType: 'Billing Support', carrier: 'Aetna' }),
    );
    expect(listQueries(fetchMock)[0]).not.toHaveProperty('requestType');
  });

  it('assigns the selected cases to a named member at the versions shown, then to nobody', async () => {
    signInStaffForTest();
    let rows = [
      caseRow('c1', 'Rosa Martinez', 2),
      caseRow('c2', 'Ivan Petrov', 5, { version: 4 }),
      caseRow('c3', 'Lena Moss', 1),
    ];
    const { calls } = mockFetch({
      'GET /arc/staff/me': { body: ME },
      'GET /arc/staff/cases': () => ({ body: caseList(rows) }),
      'POST /arc/staff/cases/assign': (call) => {
        const body = call.body as { cases: { id: string }[]; assigneeId: string | null };
        const assignee = MEMBERS.find((m) => m.id === body.assigneeId) ?? null;
        const ids = new Set(body.cases.map((c) => c.id));
        rows = rows.map((r) => (ids.has(r.id) ? { ...r, assignee, version: r.version + 1 } : r));
        return { body: { cases: rows.filter((r) => ids.has(r.id)) } };
      },
    });
    renderWithProviders(<StaffCasesPage />, { path: '/staff/cases' });
    await screen.findByText(/Rosa Martinez/);
    const assign = screen.getByRole('button', { name: 'Assign' });
    expect(assign).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select case Claim Issue for Rosa Martinez' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select case Claim Issue for Ivan Petrov' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assign to' }), 'Sam Support');
    await userEvent.click(screen.getByRole('button', { name: 'Assign 2' }));
    expect(await screen.findByRole('status')).toHaveTextContent('2 cases assigned to Sam Support.');
    const table = screen.getByRole('table', { name: 'Member-support cases' });
    await vi.waitFor(() =>
      expect(within(table).getByRole('row', { name: /Ivan Petrov/ })).toHaveTextContent('Sam Support'),
    );
    expect(within(table).getByRole('row', { name: /Lena Moss/ })).toHaveTextContent('Unassigned');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select case Claim Issue for Ivan Petrov' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assign to' }), 'Nobody (unassign)');
    await userEvent.click(screen.getByRole('button', { name: 'Assign 1' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 case unassigned.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.body)).toEqual([
      {
        cases: [
          { id: 'c1', version: 1 },
          { id: 'c2', version: 4 },
        ],
        assigneeId: 's2',
      },
      { cases: [{ id: 'c2', version: 5 }], assigneeId: null },
    ]);
    expect(posts.every((c) => c.authorization === 'Bearer staff-token')).toBe(true);
  });

  it('shows a refused assignment (a colleague changed a case) and keeps the selection', async () => {
    signInStaffForTest();
    mockFetch({
      'GET /arc/staff/me': { body: ME },
      'GET /arc/staff/cases': { body: caseList([caseRow('c1', 'Rosa Martinez', 2)]) },
      'POST /arc/staff/cases/assign': {
        status: 409,
        body: { code: 'CONFLICT', message: STAFF_CASE_MESSAGES.stale },
      },
    });
    renderWithProviders(<StaffCasesPage />, { path: '/staff/cases' });
    await screen.findByText(/Rosa Martinez/);
    const box = screen.getByRole('checkbox', { name: 'Select case Claim Issue for Rosa Martinez' });
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Assign 1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STAFF_CASE_MESSAGES.stale);
    expect(box).toBeChecked();
  });
});

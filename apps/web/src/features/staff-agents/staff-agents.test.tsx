import { type ReadyToSellRow, type StaffAgentDetail } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAFF_ZONE } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffAgentNewPage from './staff-agent-new-page.tsx';
import StaffAgentPage from './staff-agent-page.tsx';
import StaffAgentsPage from './staff-agents-page.tsx';

const AGENT = {
  npn: '17000002',
  firstName: 'Marcus',
  lastName: 'Oyelaran',
  email: 'demo2@agents.example',
  state: 'WI',
  tier: 'Standard',
  status: 'active',
  registered: false,
  lockedUntil: '2026-11-27T23:00:00.000Z',
  lastSignInAt: null,
  username: null,
  phone: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  contracts: [
    {
      id: 'c1',
      carrierName: 'Aetna',
      status: 'Active',
      writingNumber: 'FF1',
      certifications: [{ year: 2026, product: 'Medicare Supplement' }],
    },
  ],
  readyToSell: [],
  auditEvents: [],
} satisfies Record<keyof StaffAgentDetail, unknown>;

function renderAgentPage(role: string, readyToSell: ReadyToSellRow[] = []) {
  mockFetch({
    'GET /arc/staff/me': { body: { id: 's1', email: `${role}@provider.test`, role, ...STAFF_ZONE } },
    'GET /arc/staff/agents/17000002': { body: { ...AGENT, readyToSell } },
  });
  renderWithProviders(<StaffAgentPage />, { path: '/staff/agents/:npn', initialPath: '/staff/agents/17000002' });
}

describe('agent page /staff/agents/:npn', () => {
  it('is read-only for support: the profile and contracts, no action', async () => {
    signInStaffForTest();
    renderAgentPage('support');
    expect(await screen.findByRole('heading', { name: 'Marcus Oyelaran', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '2026 Medicare Supplement' })).toBeInTheDocument();
    for (const name of ['Deactivate', 'Unlock', 'Resend registration link', 'Save tier and state']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('offers the actions to operations: unlock when locked, resend when not registered', async () => {
    signInStaffForTest();
    renderAgentPage('operations');
    expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend registration link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save tier and state' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Ready to Sell' })).toHaveTextContent(
      'No Ready-to-Sell row for this agent.',
    );
  });
});

/** Two plan years × three carriers × 30 states × MA: 180 rows, one carrier not ready. */
const READY_TO_SELL: ReadyToSellRow[] = [2027, 2026].flatMap((planYear) =>
  ['Aetna', 'Humana', 'Wellcare'].flatMap((carrier) =>
    Array.from({ length: 30 }, (_, n) => ({
      carrier,
      state: `S${String(n).padStart(2, '0')}`,
      productType: 'MA' as const,
      planYear,
      status: carrier === 'Wellcare' ? ('not_ready' as const) : ('ready' as const),
      asOf: '2026-10-01',
    })),
  ),
);

describe('agent page: Ready to Sell', () => {
  it('shows the newest plan year a page at a time, narrowed by carrier and state, each status as a word', async () => {
    signInStaffForTest();
    renderAgentPage('support', READY_TO_SELL);
    const section = await screen.findByRole('region', { name: 'Ready to Sell' });
    expect(within(section).getByRole('combobox', { name: 'Plan year' })).toHaveValue('2027');
    expect(within(section).getByText('60 ready, 30 not ready · showing 1–50 of 90')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Ready to Sell' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 50);
    await userEvent.click(within(section).getByRole('button', { name: 'Next' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 40);
    expect(within(section).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Carrier' }), 'Wellcare');
    expect(within(section).getByText('0 ready, 30 not ready')).toBeInTheDocument();
    expect(within(table).getAllByRole('cell', { name: 'Not ready' })).toHaveLength(30);
    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'State' }), 'S07');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await userEvent.selectOptions(within(section).getByRole('combobox', { name: 'Plan year' }), '2026');
    expect(within(table).getByRole('cell', { name: '2026' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});

const ROW = {
  npn: '31000001',
  firstName: 'Nora',
  lastName: 'Lindqvist',
  email: 'nora@agents.example',
  state: 'WI',
  tier: 'Standard',
  status: 'active',
  registered: false,
  lockedUntil: null,
  lastSignInAt: null,
};

describe('agents list /staff/agents', () => {
  it('keeps the sort and the search in the URL, searches once typing pauses, and says when nothing matches', async () => {
    signInStaffForTest();
    const { fetchMock } = mockFetch({});
    const answers: unknown[] = [{ rows: [ROW], total: 1, totalCapped: false, page: 1, pageSize: 50 }];
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname === '/arc/staff/me') {
        return Response.json({ id: 's1', email: 'support@provider.test', role: 'support', ...STAFF_ZONE });
      }
      return Response.json(answers.shift() ?? { rows: [], total: 0, totalCapped: false, page: 1, pageSize: 50 });
    });
    const { router } = renderWithProviders(<StaffAgentsPage />, { path: '/staff/agents' });
    expect(await screen.findByRole('link', { name: '31000001' })).toHaveAttribute('href', '/staff/agents/31000001');
    // support reads: no Add agent
    expect(screen.queryByRole('link', { name: 'Add agent' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'NPN' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=npn'), { timeout: 5_000 });
    await userEvent.type(screen.getByRole('searchbox', { name: /Search/ }), 'zz');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=zz&sort=npn'), { timeout: 5_000 });
    expect(await screen.findByText('No agent matches “zz”.')).toBeInTheDocument();
    const searches = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((url) => url.pathname === '/arc/staff/agents')
      .map((url) => url.search);
    // the box waits for a pause: one call for "zz", not one per key
    expect(searches).toEqual(['?sort=name&page=1', '?sort=npn&page=1', '?q=zz&sort=npn&page=1']);

    // a pause after a space commits the trimmed words, and the space stays in the box for the next word
    const box = screen.getByRole('searchbox', { name: /Search/ });
    await userEvent.type(box, ' ann ');
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=zz+ann&sort=npn'), { timeout: 5_000 });
    expect(await screen.findByText('No agent matches “zz ann”.')).toBeInTheDocument();
    expect(box).toHaveValue('zz ann ');
    // the URL changed from outside (Back past the searches, which replace their entry): the box shows it
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    await vi.waitFor(() => expect(box).toHaveValue(''));
  });

  it('says "10,000+" when the server stopped counting, and keeps Next on at the last counted page', async () => {
    signInStaffForTest();
    const { fetchMock } = mockFetch({});
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), window.location.origin);
      if (url.pathname === '/arc/staff/me') {
        return Response.json({ id: 's1', email: 'support@provider.test', role: 'support', ...STAFF_ZONE });
      }
      const page = Number(url.searchParams.get('page'));
      return Response.json({ rows: [ROW], total: 10_000, totalCapped: true, page, pageSize: 50 });
    });
    const { router } = renderWithProviders(<StaffAgentsPage />, {
      path: '/staff/agents',
      initialPath: '/staff/agents?page=200',
    });
    expect(await screen.findByText('Showing 9,951 to 10,000 of 10,000+ entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 200' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?page=201'));
  });
});

describe('add agent /staff/agents/new', () => {
  it('checks the form with the contract, then opens the new agent’s page', async () => {
    signInStaffForTest();
    const { calls } = mockFetch({
      'POST /arc/staff/agents': {
        status: 201,
        body: { ...AGENT, npn: '31000009', firstName: 'Ana', lastName: 'Rivera' },
      },
    });
    const { router } = renderWithProviders(<StaffAgentNewPage />, {
      path: '/staff/agents/new',
      routes: [{ path: '/staff/agents/:npn', element: <p>agent page</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add agent' }));
    expect(await screen.findByText('NPN is required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByRole('textbox', { name: /^NPN/ }), '31000009');
    await userEvent.type(screen.getByRole('textbox', { name: /^First name/ }), 'Ana');
    await userEvent.type(screen.getByRole('textbox', { name: /^Last name/ }), 'Rivera');
    await userEvent.type(screen.getByRole('textbox', { name: /^E-mail/ }), 'ana@agents.example');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^State/ }), 'WI');
    await userEvent.click(screen.getByRole('button', { name: 'Add agent' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/staff/agents/31000009'), { timeout: 5_000 });
    expect(calls[0]!.body).toEqual({
      npn: '31000009',
      firstName: 'Ana',
      lastName: 'Rivera',
      email: 'ana@agents.example',
      state: 'WI',
      tier: 'Standard',
    });
  });
});

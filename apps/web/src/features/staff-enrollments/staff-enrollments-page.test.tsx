import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STAFF_ZONE } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffEnrollmentsPage from './staff-enrollments-page.tsx';

describe('/staff/enrollments: Export .xlsx', () => {
  it('exports the filtered set (the filters and search of the list, not the ticked rows) with the staff token', async () => {
    signInStaffForTest('staff-token');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:arc/1'), revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { fetchMock } = mockFetch({
      'GET /arc/staff/me': { body: { id: 's1', email: 'ops@provider.test', role: 'operations', ...STAFF_ZONE } },
      'GET /arc/staff/enrollments/queue': {
        body: { rows: [], total: 0, totalCapped: false, page: 1, pageSize: 50, carriers: [], assignees: [] },
      },
    });
    const json = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).includes('/queue/export')
        ? new Response(new Blob(['xlsx']), {
            headers: { 'content-disposition': 'attachment; filename="Enrollments queue 2026-12-07.xlsx"' },
          })
        : json(input, init),
    );
    renderWithProviders(<StaffEnrollmentsPage />, {
      path: '/staff/enrollments',
      initialPath: '/staff/enrollments?status=Pended&q=okafor&page=2',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export .xlsx' }));
    await waitFor(() => expect(saved).toEqual(['Enrollments queue 2026-12-07.xlsx']));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/queue/export'))!;
    const url = new URL(String(call[0]), window.location.origin);
    expect(url.pathname).toBe('/arc/staff/enrollments/queue/export');
    expect(url.searchParams.get('status')).toBe('Pended');
    expect(url.searchParams.get('q')).toBe('okafor');
    expect(url.searchParams.has('page')).toBe(false);
    expect(new Headers(call[1]?.headers).get('authorization')).toBe('Bearer staff-token');
  });
});

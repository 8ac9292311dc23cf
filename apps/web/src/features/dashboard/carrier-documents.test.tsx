import { MESSAGES } from '@arc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CarrierDocuments } from './carrier-documents.tsx';
import { dashboardYears } from './dashboard-years.ts';

// the tab that opens first: this year, or next year after 18 June
const year = dashboardYears(new Date()).active;
const HUMANA = {
  key: 'humana',
  id: 70,
  year,
  carrier: 'Humana',
  img: '/logos/humana.svg',
  logoType: 'standard',
  link: null,
  sharedPassword: null,
  file: 'humana-first-look',
};

describe('CarrierDocuments', () => {
  it('a failed files call is the Error dialog "Problem getting dashboard files", then Try again', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    mockFetch({
      'GET /arc/agent/dashboard/files': () =>
        ++attempts === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } }
          : { body: { files: [HUMANA] } },
    });
    renderWithProviders(<CarrierDocuments />);
    const dialog = await screen.findByRole('dialog', { name: 'Error' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent(MESSAGES.dashboardFilesFailed);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /download Humana/ })).toBeInTheDocument();
  });

  it('a failed file fetch after a good token is "Download Failed", with nothing saved', async () => {
    const user = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { fetchMock } = mockFetch({
      'GET /arc/agent/dashboard/files': { body: { files: [HUMANA] } },
      'POST /arc/downloadtoken': { body: { token: 'tok' } },
      'GET /arc/download/tok': { status: 410, body: { code: 'GONE', message: 'This download link has expired.' } },
    });
    renderWithProviders(<CarrierDocuments />);
    await user.click(await screen.findByRole('button', { name: /download Humana/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Download Failed' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('This download link has expired.');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(click).not.toHaveBeenCalled();
  });
});

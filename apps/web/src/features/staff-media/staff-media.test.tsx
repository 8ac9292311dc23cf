import { STAFF_MEDIA_MESSAGES, type StaffDestination } from '@arc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import StaffPagesPage from './staff-pages-page.tsx';

const destination = (over: Partial<StaffDestination>): StaffDestination => ({
  key: 'green365Join',
  kind: 'link',
  fileValue: 'https://agents.provider.test/green365/join',
  storedValue: null,
  shownValue: 'https://agents.provider.test/green365/join',
  ...over,
});

describe('/staff/pages', () => {
  it('refuses a javascript: link in the form, sends a good one, and previews the introduction', async () => {
    const { calls } = mockFetch({
      'GET /arc/staff/pages': {
        body: {
          pages: [{ page: 'green365', title: 'GREEN365', body: '<p>Dual eligible <strong>all year</strong>.</p>' }],
          destinations: [destination({}), destination({ key: 'myQuoteAppStore', fileValue: null, shownValue: null })],
        },
      },
      'PUT /arc/staff/pages/destinations/green365Join': {
        body: destination({
          storedValue: 'https://green365.provider.test/join',
          shownValue: 'https://green365.provider.test/join',
        }),
      },
    });
    renderWithProviders(<StaffPagesPage />);
    const input = await screen.findByRole('textbox', { name: 'GREEN365: join' });
    // the editor and, beside it, the agent's view of the stored text
    expect(screen.getAllByText('all year')).toHaveLength(2);
    expect(screen.getByText('Not shown')).toBeInTheDocument();

    await userEvent.type(input, 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Save GREEN365: join' }));
    expect(await screen.findByText(STAFF_MEDIA_MESSAGES.notAWebAddress)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'https://green365.provider.test/join');
    await userEvent.click(screen.getByRole('button', { name: 'Save GREEN365: join' }));
    expect(await screen.findByText('GREEN365: join is saved.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});

import { PROSPECT_MESSAGES, type ProspectRow } from '@arc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ProspectsPage from './prospects-page.tsx';

const row = (id: number, zipcode: string, FirstName: string): ProspectRow => ({
  id,
  T65: '2026-12-05',
  prefex: 'Mrs.',
  FirstName,
  Middle: '',
  Lastname: 'Olson',
  Address1: `${id} Main St`,
  Address2: '',
  City: 'Madison',
  State: 'WI',
  zipcode,
  county: 'Dane County',
  phone: '',
});

const AGE_RANGES = [65, 66].map((age) => ({
  age,
  datefrom: `${2026 - (age - 65)}-11-01`,
  dateto: `${2027 - (age - 65)}-11-01`,
  DOB: { from: '1961-11-01', to: '1962-11-01' },
}));

function setUp(rows: ProspectRow[]) {
  return mockFetch({
    'GET /arc/agent/t65/info': { body: { updatedThrough: '2026-11-01', total: 20000 } },
    'GET /arc/agent/t65/agerange': { body: AGE_RANGES },
    'POST /arc/agent/zipcode/list': { body: { rows, isCapped: false, limit: 10000 } },
    // each postal code is checked as it is added
    ...Object.fromEntries(
      ['53703', '53704'].map((zip) => [
        `GET /arc/postal-codes/${zip}`,
        { body: { zip, city: 'Madison', state: 'WI', countyId: '55025', countyName: 'Dane County' } },
      ]),
    ),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prospect lists /prospects', () => {
  it('shows the list date, checks the postal code, ignores repeats and runs the search with the age range', async () => {
    const { calls } = setUp([row(1, '53703', 'Ann'), row(2, '53704', 'Bea')]);
    renderWithProviders(<ProspectsPage />, { path: '/prospects' });
    expect(await screen.findByText('11/1/2026')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Postal Code Search' }));
    // the search form loads when it is first shown
    const entry = await screen.findByRole('textbox', { name: 'Postal Code' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Run List' })).toBeNull();
    await userEvent.type(entry, '5370{Enter}');
    const dialog = await screen.findByRole('dialog', { name: PROSPECT_MESSAGES.postalCodeInvalidTitle });
    expect(within(dialog).getByText(PROSPECT_MESSAGES.postalCodeInvalid)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    for (const code of ['53703', '53704', '53703']) {
      await userEvent.clear(entry);
      await userEvent.type(entry, `${code}{Enter}`);
      await waitFor(() => expect(entry).toHaveValue(''));
    }
    expect(within(screen.getByRole('list', { name: 'Postal Codes Selected' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Age' }), '66');
    await userEvent.click(screen.getByRole('button', { name: 'Run List' }));
    expect(await screen.findByText('Total Prospects')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      zips: ['53703', '53704'],
      datefrom: '2025-11-01',
      dateto: '2026-11-01',
    });
    expect(screen.getByTestId('total-prospects')).toHaveTextContent('2');

    // excluding a postal code hides its rows
    await userEvent.selectOptions(screen.getByRole('listbox', { name: 'Include' }), '53703');
    await userEvent.click(screen.getByRole('button', { name: 'Move selected postal codes to Exclude' }));
    expect(screen.getByTestId('total-prospects')).toHaveTextContent('1');
    expect(screen.queryByText('Ann')).toBeNull();
  }, 30_000);

  it('says No Data when the search finds nobody', async () => {
    setUp([]);
    renderWithProviders(<ProspectsPage />, { path: '/prospects' });
    await userEvent.click(await screen.findByRole('button', { name: 'Postal Code Search' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Postal Code' }), '53703{Enter}');
    await userEvent.click(await screen.findByRole('button', { name: 'Run List' }));
    const dialog = await screen.findByRole('dialog', { name: PROSPECT_MESSAGES.noDataTitle });
    expect(within(dialog).getByText(PROSPECT_MESSAGES.noData)).toBeInTheDocument();
  }, 30_000);
});

import { DISCLAIMER_TEXT, type Disclaimer } from '@arc/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import DisclaimerPage from './disclaimer-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const disclaimer: Disclaimer = {
  year: 2027,
  zip: '53703',
  counties: [{ id: '55025', name: 'Dane County', state: 'WI' }],
  organizations: [
    {
      name: 'Humana',
      plans: [
        { id: 'H1111-001-000', name: 'Humana Gold Plus (HMO)', planType: 'HMO', kind: 'Medicare Advantage' },
        { id: 'S5884-131-000', name: 'Humana Basic Rx Plan (PDP)', planType: 'PDP', kind: 'Prescription Drug Plan' },
      ],
    },
  ],
  organizationCount: 1,
  planCount: 2,
  allOrganizationCount: 3,
  allPlanCount: 6,
  countedKinds: ['Medicare Advantage', 'Prescription Drug Plan'],
  wording: {
    effectiveFrom: '2026-10-01',
    when: 'Say it on a sales call before any discussion of benefits.',
    source: 'CMS-4212-F',
    sourceUrl: 'https://www.federalregister.gov/d/2026-06600',
    note: null,
  },
  texts: {
    en: 'We do not offer every plan available in your area. Currently we represent 1 organizations which offer 2 products in your area.',
    es: 'No ofrecemos todos los planes disponibles en su área.',
  },
};

describe('disclaimer /disclaimer', () => {
  it('says which kinds of plans it counted: Medicare Advantage and stand-alone drug plans', async () => {
    const { calls } = mockFetch({
      'GET /arc/disclaimer/years': { body: { years: [2027, 2026], defaultYear: 2027 } },
      'GET /arc/disclaimer': { body: disclaimer },
    });
    renderWithProviders(<DisclaimerPage />, { path: '/disclaimer' });
    await userEvent.click(await screen.findByText(DISCLAIMER_TEXT.byZip));
    await userEvent.type(screen.getByRole('textbox', { name: DISCLAIMER_TEXT.zip }), '53703');
    await userEvent.click(screen.getByRole('button', { name: DISCLAIMER_TEXT.show }));
    expect(await screen.findByTestId('disclaimer-kinds')).toHaveTextContent(
      'Counted: Medicare Advantage and stand-alone prescription drug plans',
    );
    expect(screen.getByTestId('disclaimer-counts')).toHaveTextContent('1 of 3 organizations, 2 of 6 plans in the area');
    expect(screen.getByText('S5884-131-000 · Humana Basic Rx Plan (PDP)')).toBeVisible();
    expect(calls.some((c) => c.path === '/arc/disclaimer')).toBe(true);
  });

  it('names one kind alone without "and"', () => {
    expect(DISCLAIMER_TEXT.countedKinds(['Medicare Advantage'])).toBe('Counted: Medicare Advantage');
  });
});

import { COMPLIANCE_TEXT, MESSAGES } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ComplianceGuidePage from './compliance-guide-page.tsx';
import ComplianceGuidesPage from './compliance-guides-page.tsx';

const GUIDES = {
  guides: [
    { fileNumber: 2145, name: 'Anti-Kickback Statute', downloadName: 'ARC-2145 Anti-Kickback.pdf', file: 'fil_a' },
    { fileNumber: 2146, name: 'Call Recording Requirements', downloadName: 'ARC-2146 Calls.pdf', file: 'fil_b' },
  ],
};

describe('ComplianceGuidesPage', () => {
  it('makes each Document Name a link to the guide’s own address, opening in a new tab', async () => {
    mockFetch({ 'GET /arc/training/compliance-guides': { body: GUIDES } });
    renderWithProviders(<ComplianceGuidesPage />, { path: '/training/compliance-guides' });
    const table = await screen.findByRole('table', { name: COMPLIANCE_TEXT.tableTitle });
    const link = await within(table).findByRole('link', { name: /^Call Recording Requirements/ });
    expect(link).toHaveAttribute('href', '/training/compliance-guides/2146');
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('ComplianceGuidePage', () => {
  const ROUTE = '/training/compliance-guides/:fileNumber';

  it('says so for a number that is no guide, and takes no token', async () => {
    const { calls } = mockFetch({ 'GET /arc/training/compliance-guides': { body: GUIDES } });
    renderWithProviders(<ComplianceGuidePage />, { path: ROUTE, initialPath: '/training/compliance-guides/2999' });
    expect(await screen.findByRole('alert')).toHaveTextContent(COMPLIANCE_TEXT.guideNotFound);
    expect(screen.getByRole('link', { name: COMPLIANCE_TEXT.backToList })).toHaveAttribute(
      'href',
      '/training/compliance-guides',
    );
    expect(calls.map((call) => call.path)).not.toContain('/arc/downloadtoken');
  });

  it('asks for a token for that guide once, and shows Download Failed with the server’s message', async () => {
    const { calls } = mockFetch({
      'GET /arc/training/compliance-guides': { body: GUIDES },
      'POST /arc/downloadtoken': { status: 404, body: { code: 'NOT_FOUND', message: 'File not found' } },
    });
    renderWithProviders(<ComplianceGuidePage />, { path: ROUTE, initialPath: '/training/compliance-guides/2146' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.downloadFailedTitle);
    expect(alert).toHaveTextContent('File not found');
    expect(calls.filter((call) => call.path === '/arc/downloadtoken').map((call) => call.body)).toEqual([
      { file: 'fil_b' },
    ]);
  });
});

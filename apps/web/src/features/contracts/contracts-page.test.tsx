import { CONTRACTS_TEXT, type Contract, type Downline } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import ContractsPage from './contracts-page.tsx';

const contract = (id: string, carrier: string, type: 'Person Account' | 'Agency', downlineCount: number): Contract => ({
  Id: id,
  Contact__r: { Name: type === 'Agency' ? 'Test Agency' : 'Dana Whitfield', RecordType: { Name: type } },
  Carrier__r: { Name: carrier },
  Status__c: 'Active',
  WritingNumber__c: `W-${id}`,
  HierarchyReportID__c: downlineCount ? `00O${id}` : null,
  downlineCount,
});
const downline = (contractId: string, uplineContractId: string, contactName: string): Downline => ({
  contactName,
  uplineName: 'x',
  contractId,
  uplineContractId,
  status__c: 'Active',
  WritingNumber__c: null,
  carrierName: 'Anthem',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('contracts /profile/contracts', () => {
  it('splits individual and agency contracts and shows the downline buttons only with downlines', async () => {
    mockFetch({
      'GET /arc/agents/contracts': {
        body: { response: [contract('a0C1', 'Humana', 'Person Account', 0), contract('a0C2', 'Anthem', 'Agency', 2)] },
      },
    });
    renderWithProviders(<ContractsPage />, { path: '/profile/contracts' });
    const individual = await screen.findByRole('table', { name: 'ARC Individual Agent Contracts' });
    expect(
      await within(individual).findByRole('button', { name: 'Show Certification: Humana, Dana Whitfield' }),
    ).toBeVisible();
    expect(within(individual).queryByRole('button', { name: /Show Downlines/ })).toBeNull();
    const agency = screen.getByRole('table', { name: 'ARC Agency Contracts' });
    expect(within(agency).getByRole('button', { name: 'Show Downlines: Anthem, Test Agency' })).toBeVisible();
    expect(
      within(agency).getByRole('button', { name: 'Show Downlines Certification: Anthem, Test Agency' }),
    ).toBeVisible();
  });

  it('says "There are no results." for an empty table and the spec message when the call fails', async () => {
    mockFetch({ 'GET /arc/agents/contracts': { body: { response: [] } } });
    const { unmount } = renderWithProviders(<ContractsPage />, { path: '/profile/contracts' });
    expect(await screen.findAllByText(CONTRACTS_TEXT.empty)).toHaveLength(2);
    unmount();
    mockFetch({ 'GET /arc/agents/contracts': { status: 500, body: { code: 'INTERNAL', message: 'boom' } } });
    renderWithProviders(<ContractsPage />, { path: '/profile/contracts' });
    expect(await screen.findAllByText(CONTRACTS_TEXT.contractsFailed)).toHaveLength(2);
  });

  it('opens the hierarchy, searches it and closes with the back arrow', async () => {
    mockFetch({
      'GET /arc/agents/contracts': { body: { response: [contract('a0C2', 'Anthem', 'Agency', 1)] } },
      'GET /arc/agent/downlines/a0C2': {
        body: { data: [downline('a0C3', 'a0C2', 'Ann Able'), downline('a0C4', 'a0C3', 'Bob Baker')] },
      },
    });
    renderWithProviders(<ContractsPage />, { path: '/profile/contracts' });
    await userEvent.click(await screen.findByRole('button', { name: 'Show Downlines: Anthem, Test Agency' }));
    expect(await screen.findByText('2 agents below this contract')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'baker');
    expect(screen.getByText('1 of 2 agents match')).toBeInTheDocument();
    expect(screen.getByText('Baker', { selector: 'mark' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: CONTRACTS_TEXT.caseSensitive }));
    expect(screen.getByText('0 of 2 agents match')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: CONTRACTS_TEXT.back }));
    expect(await screen.findByRole('table', { name: 'ARC Agency Contracts' })).toBeInTheDocument();
  });

  it('shows the Certification View, then its spec messages when nothing is found or the call fails', async () => {
    const contracts = { body: { response: [contract('a0C1', 'Humana', 'Person Account', 0)] } };
    const at = { path: '/profile/contracts', initialPath: '/profile/contracts?view=certification&id=a0C1' };
    mockFetch({
      'GET /arc/agents/contracts': contracts,
      'GET /arc/agent/certification/a0C1': {
        body: { data: [{ Id: 'a1X1', Year__c: '2025', Product2__c: 'Medicare Advantage' }] },
      },
    });
    const { unmount } = renderWithProviders(<ContractsPage />, at);
    expect(await screen.findByRole('heading', { name: CONTRACTS_TEXT.certificationTitle })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Medicare Advantage' })).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    mockFetch({ 'GET /arc/agents/contracts': contracts, 'GET /arc/agent/certification/a0C1': { body: { data: [] } } });
    const empty = renderWithProviders(<ContractsPage />, at);
    const info = await screen.findByRole('dialog', { name: CONTRACTS_TEXT.infoTitle });
    expect(info).toHaveTextContent(CONTRACTS_TEXT.noCertifications);
    empty.unmount();

    mockFetch({
      'GET /arc/agents/contracts': contracts,
      'GET /arc/agent/certification/a0C1': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    renderWithProviders(<ContractsPage />, at);
    const error = await screen.findByRole('dialog', { name: CONTRACTS_TEXT.errorTitle });
    expect(error).toHaveTextContent(CONTRACTS_TEXT.certificationFailed);
  });

  it('shows the Downline Certification View, then its spec messages when nothing is found or the call fails', async () => {
    const contracts = { body: { response: [contract('a0C2', 'Anthem', 'Agency', 1)] } };
    const at = { path: '/profile/contracts', initialPath: '/profile/contracts?view=downline-certification&id=00Oa0C2' };
    mockFetch({
      'GET /arc/agents/contracts': contracts,
      'GET /arc/agent/downlines/certification/00Oa0C2': {
        body: {
          data: [
            {
              Id: 'a1X2',
              Year__c: '2026',
              Product2__c: 'Medicare Supplement',
              Contract_JSA__r: {
                Contact__r: { Name: 'Ann Able' },
                Upline_Contract__r: { Contact__r: { Name: 'Test Agency' } },
              },
            },
          ],
        },
      },
    });
    const { unmount } = renderWithProviders(<ContractsPage />, at);
    expect(await screen.findByRole('heading', { name: CONTRACTS_TEXT.downlineCertificationTitle })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Ann Able' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Medicare Supplement' })).toBeVisible();
    unmount();

    mockFetch({
      'GET /arc/agents/contracts': contracts,
      'GET /arc/agent/downlines/certification/00Oa0C2': { body: { data: [] } },
    });
    const empty = renderWithProviders(<ContractsPage />, at);
    const info = await screen.findByRole('dialog', { name: CONTRACTS_TEXT.infoTitle });
    expect(info).toHaveTextContent(CONTRACTS_TEXT.noDownlineCertifications);
    empty.unmount();

    mockFetch({
      'GET /arc/agents/contracts': contracts,
      'GET /arc/agent/downlines/certification/00Oa0C2': { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    });
    renderWithProviders(<ContractsPage />, at);
    const error = await screen.findByRole('dialog', { name: CONTRACTS_TEXT.errorTitle });
    expect(error).toHaveTextContent(CONTRACTS_TEXT.downlineCertificationFailed);
  });

  it('says "Missing Contract ID" when a view opens without a contract id', async () => {
    mockFetch({ 'GET /arc/agents/contracts': { body: { response: [] } } });
    renderWithProviders(<ContractsPage />, {
      path: '/profile/contracts',
      initialPath: '/profile/contracts?view=certification&id=',
    });
    expect(await screen.findByRole('heading', { name: CONTRACTS_TEXT.certificationTitle })).toBeVisible();
    const error = await screen.findByRole('dialog', { name: CONTRACTS_TEXT.errorTitle });
    expect(error).toHaveTextContent(CONTRACTS_TEXT.missingContractId);
  });
});

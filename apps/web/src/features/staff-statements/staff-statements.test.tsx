import { createHash } from 'node:crypto';
import { formatStatementDate, STATEMENT_IMPORT_COLUMNS } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffStatementsPage from './staff-statements-page.tsx';

const FILE = `${STATEMENT_IMPORT_COLUMNS.join(',')}\n17000001,Humana,P1,"Moore, Linda",Medicare Advantage,2026-11-30,New,112.40,320.50\n`;
const report = (overrides: Record<string, unknown> = {}) => ({
  dryRun: true,
  applied: false,
  sha256: createHash('sha256').update(FILE).digest('hex'),
  counts: { lines: 1, new: 1, changed: 0, unchanged: 0, rejected: 0 },
  new: [],
  changed: [],
  rejected: [],
  summary: { period: '2026-11-30', agents: 3, total: '320.50', replaces: 2 },
  ...overrides,
});

describe('/staff/statements', () => {
  it('asks before Publish, saying who is notified and what is replaced; Cancel sends nothing', async () => {
    signInStaffForTest();
    let call = 0;
    const { fetchMock } = mockFetch({
      'POST /arc/staff/statements': () =>
        ++call === 1 ? { body: report() } : { body: report({ dryRun: false, applied: true }) },
    });
    renderWithProviders(<StaffStatementsPage />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent.upload(input, new File([FILE], 'statements.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('$320.50')).toBeInTheDocument();
    const sent = () => fetchMock.mock.calls.map(([input]) => new URL(String(input)).searchParams.get('dryRun'));

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the statements?' });
    const period = formatStatementDate('2026-11-30');
    expect(dialog).toHaveTextContent(
      `3 agents get a new statement of ${period} and a notification. The 2 statements of this period published before are replaced.`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent()).toEqual(['true']);

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(`3 agents have a new statement of ${period} and were notified.`),
    ).toBeInTheDocument();
    expect(sent()).toEqual(['true', 'false']);
  });
});

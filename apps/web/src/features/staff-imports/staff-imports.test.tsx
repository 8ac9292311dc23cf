import { createHash } from 'node:crypto';
import { IMPORT_KINDS } from '@arc/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signInStaffForTest } from '../../test/staff-session.ts';
import StaffImportsPage from './staff-imports-page.tsx';

const ROSTER =
  'npn,first,last,email,phone,state,tier,status\n31000001,Nora,Lindqvist,nora@agents.example,,WI,Standard,active\n';
const SHA256 = createHash('sha256').update(ROSTER).digest('hex');

const report = (overrides: Record<string, unknown> = {}) => ({
  dryRun: true,
  applied: false,
  sha256: SHA256,
  deactivateMissing: false,
  counts: { lines: 1, new: 1, changed: 0, unchanged: 0, rejected: 0, missing: 0 },
  new: [{ line: 2, key: '31000001', npn: '31000001', changes: { firstName: { before: null, after: 'Nora' } } }],
  changed: [],
  rejected: [],
  missing: [],
  ...overrides,
});

async function chooseRoster() {
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, new File([ROSTER], 'roster.csv', { type: 'text/csv' }));
  expect(await screen.findByText(/^roster\.csv · \d+ bytes$/)).toBeInTheDocument();
}

/** The background imports' list, read by the page beside the upload form: empty here. */
const JOBS_PATH = '/arc/staff/import-jobs';
const NO_JOBS = { [`GET ${JOBS_PATH}`]: { body: { jobs: [] } } };

describe('import page /staff/imports', () => {
  it('keeps Apply disabled when the preview has a rejected line, and shows the line and its reason', async () => {
    signInStaffForTest();
    const { calls } = mockFetch({
      ...NO_JOBS,
      'POST /arc/staff/imports/agents': {
        body: report({
          counts: { lines: 2, new: 1, changed: 0, unchanged: 0, rejected: 1, missing: 0 },
          rejected: [{ line: 3, reason: 'state: Choose a state' }],
        }),
      },
    });
    renderWithProviders(<StaffImportsPage />);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await chooseRoster();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    const rejected = within(preview).getByRole('table', { name: 'Rejected lines (1)' });
    expect(within(rejected).getByRole('cell', { name: 'state: Choose a state' })).toBeInTheDocument();
    expect(within(preview).getByText(/Nothing can be applied while a line is rejected/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    const imports = calls.filter((call) => call.path !== JOBS_PATH);
    expect(imports).toHaveLength(1);
    expect(imports[0]!.authorization).toBe('Bearer staff-token');
  });

  it('applies a clean preview and shows the result; a new file needs a new preview', async () => {
    signInStaffForTest();
    let call = 0;
    const { fetchMock } = mockFetch({
      ...NO_JOBS,
      'POST /arc/staff/imports/agents': () =>
        ++call === 1 ? { body: report() } : { body: report({ dryRun: false, applied: true }) },
    });
    renderWithProviders(<StaffImportsPage />);
    await chooseRoster();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview' });
    expect(screen.getByRole('table', { name: 'New (1)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The file was applied: 1 new, 0 changed.')).toBeInTheDocument();
    const urls = fetchMock.mock.calls
      .map(([input]) => new URL(String(input)))
      .filter((url) => url.pathname !== JOBS_PATH)
      .map((url) => url.search);
    expect(urls).toEqual(['?dryRun=true', '?dryRun=false']);
    await chooseRoster();
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });

  it('asks before an Apply that deactivates the agents missing from the roster; Cancel sends nothing', async () => {
    signInStaffForTest();
    const missing = { deactivateMissing: true, missing: ['31000002', '31000003'] };
    const counts = { lines: 1, new: 1, changed: 0, unchanged: 0, rejected: 0, missing: 2 };
    let call = 0;
    const { fetchMock } = mockFetch({
      ...NO_JOBS,
      'POST /arc/staff/imports/agents': () =>
        ++call === 1
          ? { body: report({ ...missing, counts }) }
          : { body: report({ ...missing, counts, dryRun: false, applied: true }) },
    });
    renderWithProviders(<StaffImportsPage />);
    await chooseRoster();
    await userEvent.click(screen.getByRole('checkbox', { name: /Deactivate agents missing from this roster/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview' });
    const imports = () =>
      fetchMock.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname !== JOBS_PATH);

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate the agents missing from the roster?' });
    expect(dialog).toHaveTextContent(
      '2 active agents not in the file are deactivated: they can no longer sign in, and their sessions end now.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(imports()).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Apply and deactivate' }),
    );
    expect(await screen.findByText('The file was applied: 1 new, 0 changed, 2 deactivated.')).toBeInTheDocument();
    expect(imports().map((url) => url.searchParams.get('dryRun'))).toEqual(['true', 'false']);
    expect(imports()[1]!.searchParams.get('deactivateMissing')).toBe('true');
  });

  it('shows the server’s message for a file that is not a roster', async () => {
    signInStaffForTest();
    mockFetch({
      ...NO_JOBS,
      'POST /arc/staff/imports/agents': {
        status: 400,
        body: {
          code: 'BAD_REQUEST',
          message: 'The header must name npn, first, last, email, phone, state, tier, status',
        },
      },
    });
    renderWithProviders(<StaffImportsPage />);
    await chooseRoster();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The header must name npn');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
  it('offers every kind of the contract, each with its format, and sends a contracts file to its own import', async () => {
    signInStaffForTest();
    const { calls } = mockFetch({
      ...NO_JOBS,
      'POST /arc/staff/imports/contracts': {
        body: {
          dryRun: true,
          applied: false,
          sha256: 'abc',
          counts: { lines: 1, new: 1, changed: 0, unchanged: 0, rejected: 0 },
          new: [
            { line: 2, key: 'a0C000000000000002', changes: { contact_name: { before: null, after: 'Ana Rivera' } } },
          ],
          changed: [],
          rejected: [],
        },
      },
    });
    renderWithProviders(<StaffImportsPage />);
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(
      within(kind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(IMPORT_KINDS.map((item) => item.label));
    // the roster's option is the roster's only
    expect(screen.getByRole('checkbox', { name: /Deactivate agents missing from this roster/ })).toBeInTheDocument();
    await userEvent.selectOptions(kind, 'Contracts');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    const format = screen.getByRole('region', { name: 'File format' });
    expect(within(format).getByRole('heading', { name: 'File format: Contracts' })).toBeInTheDocument();
    expect(within(format).getByText(/^contract_id,holder_npn,/)).toBeInTheDocument();
    expect(within(format).getByText('128.0 MB', { exact: false })).toBeInTheDocument();
    expect(within(format).getByText('POST /arc/staff/imports/contracts')).toBeInTheDocument();
    const sample = within(format).getByRole('link', { name: 'Download a sample CSV' });
    expect(sample).toHaveAttribute('download', 'contracts-sample.csv');
    expect(decodeURIComponent(sample.getAttribute('href')!)).toContain(IMPORT_KINDS[1].example);

    await chooseRoster();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('cell', { name: 'a0C000000000000002' })).toBeInTheDocument();
    expect(within(preview).getByRole('cell', { name: 'contact_name: Ana Rivera' })).toBeInTheDocument();
    expect(calls.map((call) => call.path).filter((path) => path !== JOBS_PATH)).toEqual([
      '/arc/staff/imports/contracts',
    ]);
    expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
  });
});

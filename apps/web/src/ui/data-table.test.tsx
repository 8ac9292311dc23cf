import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cssVariablesResolver, theme } from '../theme.ts';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table.tsx';

interface Statement {
  id: string;
  first: string;
  last: string;
  date: Date | null;
  amount: number;
}

const FIRST = ['Ada', 'bea', 'Cyd', 'dora', 'Eli'];
const makeRows = (count: number): Statement[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `s${i + 1}`,
    first: FIRST[i % FIRST.length]!,
    last: `Agent ${i + 1}`,
    date: i === 2 ? null : new Date(Date.UTC(2026, i % 12, 1 + (i % 27), 12)),
    amount: (i * 37) % 101,
  }));

const COLUMNS: DataTableColumn<Statement>[] = [
  { id: 'first', header: 'Agent First', value: (r) => r.first, searchable: true },
  { id: 'last', header: 'Agent Last', value: (r) => r.last, searchable: true },
  { id: 'date', header: 'Statement Date', value: (r) => r.date },
  { id: 'amount', header: 'Amount', value: (r) => r.amount, align: 'right' },
];

const getRowId = (row: Statement) => row.id;

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}
const columnTexts = (index: number) => bodyRows().map((row) => within(row).getAllByRole('cell')[index]!.textContent);

// the table needs Mantine only; `rerender` keeps the wrapper
const wrapper = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
    {children}
  </MantineProvider>
);
const renderInMantine = (ui: ReactNode) => render(ui, { wrapper });
const renderTable = (props: HarnessProps = {}) => renderInMantine(<Harness data={makeRows(57)} {...props} />);

describe('DataTable', () => {
  it('shows the caption, the headers, the first page and "Showing 1 to 10 of 57 entries"', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Commission Statements' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Agent First', 'Agent Last', 'Statement Date', 'Amount']);
    expect(bodyRows()).toHaveLength(10);
    expect(columnTexts(1)[0]).toBe('Agent 1');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 to 10 of 57 entries');
    // dates read MM/DD/YYYY, empty values read empty
    expect(columnTexts(2)[0]).toBe('01/01/2026');
    expect(columnTexts(2)[2]).toBe('');
  });

  it('sorts by a header button, ascending then descending, with aria-sort on the sorted column', async () => {
    const user = userEvent.setup();
    renderTable({ data: makeRows(12) });
    const header = screen.getByRole('columnheader', { name: 'Amount' });
    expect(header).not.toHaveAttribute('aria-sort');

    await user.click(within(header).getByRole('button', { name: 'Amount' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = columnTexts(3).map(Number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await user.click(within(header).getByRole('button', { name: 'Amount' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    const descending = columnTexts(3).map(Number);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    // another column takes over the sort
    await user.click(screen.getByRole('button', { name: 'Agent First' }));
    expect(header).not.toHaveAttribute('aria-sort');
    expect(screen.getByRole('columnheader', { name: 'Agent First' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts text case-insensitively, numbers inside text by value, and dates with empty ones last', async () => {
    const user = userEvent.setup();
    renderTable({ data: makeRows(12), initialPageSize: 25 });
    await user.click(screen.getByRole('button', { name: 'Agent First' }));
    expect(columnTexts(0).slice(0, 6)).toEqual(['Ada', 'Ada', 'Ada', 'bea', 'bea', 'bea']);

    await user.click(screen.getByRole('button', { name: 'Agent Last' }));
    expect(columnTexts(1).slice(0, 3)).toEqual(['Agent 1', 'Agent 2', 'Agent 3']);
    expect(columnTexts(1).at(-1)).toBe('Agent 12');

    await user.click(screen.getByRole('button', { name: 'Statement Date' }));
    expect(columnTexts(2)[0]).toBe('01/01/2026');
    expect(columnTexts(2).at(-1)).toBe('');
    await user.click(screen.getByRole('button', { name: 'Statement Date' }));
    expect(columnTexts(2)[0]).toBe('12/12/2026');
    expect(columnTexts(2).at(-1)).toBe('');
  });

  it('starts sorted by initialSort and sorts with the keyboard', async () => {
    const user = userEvent.setup();
    renderTable({ data: makeRows(12), initialSort: { id: 'amount', desc: true } });
    expect(screen.getByRole('columnheader', { name: 'Amount' })).toHaveAttribute('aria-sort', 'descending');
    screen.getByRole('button', { name: 'Agent Last' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: 'Agent Last' })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('searches the searchable columns case-insensitively and goes back to page 1', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'DORA');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 1 to 10 of 11 entries'));
    expect(new Set(columnTexts(0))).toEqual(new Set(['dora']));
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    // a column not marked searchable does not match: amounts are not searched
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'agent 57');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Showing 1 to 1 of 1 entries'));

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody');
    expect(await screen.findByText('No entries match your search.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 0 to 0 of 0 entries');
  });

  it('has no search box when no column is searchable', () => {
    renderTable({ columns: COLUMNS.map((c) => ({ ...c, searchable: false })) });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('pages with Previous, numbered pages and Next', async () => {
    const user = userEvent.setup();
    renderTable();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 6' })).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 11 to 20 of 57 entries');
    expect(columnTexts(1)[0]).toBe('Agent 11');

    await user.click(within(nav).getByRole('button', { name: 'Page 6' }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 51 to 57 of 57 entries');
    expect(bodyRows()).toHaveLength(7);
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing 41 to 50 of 57 entries');
  });

  it('changes the rows per page between 10, 25, 50 and 100', async () => {
    const user = userEvent.setup();
    renderTable({ data: makeRows(120) });
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await user.selectOptions(select, '25');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1 to 25 of 120 entries');
    await user.selectOptions(select, '100');
    expect(bodyRows()).toHaveLength(100);
  });

  it('expands a row to show its panel, with aria-expanded on the toggle', async () => {
    const user = userEvent.setup();
    renderTable({
      data: makeRows(3),
      renderExpanded: (row) => <p>Order log for {row.last}</p>,
      canExpand: (row) => row.id !== 's3',
      getRowLabel: (row) => row.last,
    });
    const toggle = screen.getByRole('button', { name: 'Show details for Agent 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Show details for Agent 3' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByText('Order log for Agent 1')).toBeVisible();
    const open = screen.getByRole('button', { name: 'Hide details for Agent 1' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(open.getAttribute('aria-controls')!)).toHaveTextContent('Order log for Agent 1');

    await user.click(open);
    expect(screen.queryByText('Order log for Agent 1')).not.toBeInTheDocument();
  });

  it('shows loading, empty and error states', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = renderInMantine(<Harness data={undefined} isLoading />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    rerender(<Harness data={[]} />);
    expect(await screen.findByText('There are no results.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 0 to 0 of 0 entries');

    rerender(<Harness data={[]} error="Problem retrieving data from server." onRetry={onRetry} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Problem retrieving data from server.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers "Load more" for server-paged lists until the server has no more', async () => {
    const user = userEvent.setup();
    const onLoadMore = vi.fn();
    const { rerender } = renderInMantine(<Harness data={makeRows(10)} loadMore={{ onLoadMore }} />);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledOnce();

    // appended rows keep the page the agent is on
    rerender(<Harness data={makeRows(20)} loadMore={{ onLoadMore }} />);
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    rerender(<Harness data={makeRows(30)} loadMore={{ onLoadMore }} />);
    expect(await screen.findByText('Showing 11 to 20 of 30 entries')).toBeInTheDocument();

    rerender(<Harness data={makeRows(30)} loadMore={{ onLoadMore, hasMore: false }} />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('prints every row (up to 2000) and then returns to the page', async () => {
    const user = userEvent.setup();
    let rowsWhilePrinting = 0;
    const print = vi.fn(() => {
      rowsWhilePrinting = bodyRows().length;
    });
    vi.stubGlobal('print', print);
    renderTable({ data: makeRows(2100), printable: true });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    expect(rowsWhilePrinting).toBe(2000);
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
  }, 20_000); // 2000 rows are slow to build in jsdom, not in a browser (see the bench)

  it('switches to every row when the browser prints (Ctrl+P)', async () => {
    renderTable({ data: makeRows(40), printable: true });
    window.dispatchEvent(new Event('beforeprint'));
    expect(bodyRows()).toHaveLength(40);
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
  });

  it('shows every row without a pager when paginate is false', () => {
    renderTable({ data: makeRows(19), paginate: false });
    expect(bodyRows()).toHaveLength(19);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Rows per page' })).not.toBeInTheDocument();
  });

  it('puts the table in a focusable region that scrolls sideways on a phone', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'Commission Statements' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('renders custom cells and the toolbar', () => {
    renderTable({
      columns: [
        ...COLUMNS,
        {
          id: 'csv',
          header: 'CSV',
          value: () => null,
          sortable: false,
          cell: (r) => <a href={`#${r.id}`}>Download</a>,
        },
      ],
      toolbar: <button type="button">Reload</button>,
    });
    expect(screen.getByRole('columnheader', { name: 'CSV' })).not.toContainElement(
      screen.queryByRole('button', { name: 'CSV' }),
    );
    expect(screen.getAllByRole('link', { name: 'Download' })).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

type HarnessProps = Partial<DataTableProps<Statement>>;

function Harness(props: HarnessProps) {
  return (
    <DataTable<Statement>
      data={undefined}
      columns={COLUMNS}
      getRowId={getRowId}
      caption="Commission Statements"
      {...props}
    />
  );
}

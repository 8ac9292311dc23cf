import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock.ts';
import { renderWithProviders } from '../test/render.tsx';
import { initialPlace, StateCountyPicker, type PlaceValue } from './state-county-picker.tsx';

const WI = [
  { id: '55001', label: 'Adams' },
  { id: '55025', label: 'Dane' },
  { id: '55079', label: 'Milwaukee' },
];
const MN = [
  { id: '27053', label: 'Hennepin' },
  { id: '27123', label: 'Ramsey' },
];

function Harness({
  agentState,
  multiple,
  onChange,
}: {
  agentState?: string;
  multiple?: boolean;
  onChange?: (v: PlaceValue) => void;
}) {
  const [value, setValue] = useState(() => initialPlace(agentState));
  return (
    <StateCountyPicker
      value={value}
      multiple={multiple}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('initialPlace', () => {
  it("starts at the agent's state, else Wisconsin", () => {
    expect(initialPlace('mn')).toEqual({ state: 'MN', counties: [] });
    expect(initialPlace('VI').state).toBe('VI');
    expect(initialPlace('XX').state).toBe('WI');
    expect(initialPlace(null).state).toBe('WI');
    expect(initialPlace().state).toBe('WI');
  });
});

describe('StateCountyPicker', () => {
  it("loads the default state's counties and picks several, each removable", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /arc/counties/WI': { body: WI } });
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Wisconsin');
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/arc/counties/WI']));

    const counties = screen.getByRole('combobox', { name: 'Counties' });
    await user.click(counties);
    await user.click(await screen.findByRole('option', { name: 'Dane' }));
    await user.click(counties);
    await user.click(await screen.findByRole('option', { name: 'Milwaukee' }));
    expect(onChange).toHaveBeenLastCalledWith({
      state: 'WI',
      counties: [
        { id: '55025', label: 'Dane' },
        { id: '55079', label: 'Milwaukee' },
      ],
    });
    // a picked county leaves the list and shows as a pill with a remove control
    await user.click(counties);
    expect(screen.queryByRole('option', { name: 'Dane' })).not.toBeInTheDocument();
    const pill = screen.getByText('Dane').closest('.mantine-Pill-root') as HTMLElement;
    await user.click(within(pill).getByRole('button', { hidden: true }));
    expect(onChange).toHaveBeenLastCalledWith({ state: 'WI', counties: [{ id: '55079', label: 'Milwaukee' }] });
  });

  it('changing the state clears the counties and loads the new list', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /arc/counties/WI': { body: WI }, 'GET /arc/counties/MN': { body: MN } });
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const counties = screen.getByRole('combobox', { name: 'Counties' });
    await user.click(counties);
    await user.click(await screen.findByRole('option', { name: 'Adams' }));

    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Minnesota' }));
    expect(onChange).toHaveBeenLastCalledWith({ state: 'MN', counties: [] });
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/arc/counties/WI', '/arc/counties/MN']));
    await user.click(counties);
    expect(await screen.findByRole('option', { name: 'Hennepin' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Adams' })).not.toBeInTheDocument();
  });

  it("starts at the agent's own state", async () => {
    const { calls } = mockFetch({ 'GET /arc/counties/MN': { body: MN } });
    renderWithProviders(<Harness agentState="MN" />);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Minnesota');
    await waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/arc/counties/MN']));
  });

  it('picks exactly one county in single mode', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /arc/counties/WI': { body: WI } });
    const onChange = vi.fn();
    renderWithProviders(<Harness multiple={false} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'County' }));
    await user.click(await screen.findByRole('option', { name: 'Dane' }));
    expect(onChange).toHaveBeenLastCalledWith({ state: 'WI', counties: [{ id: '55025', label: 'Dane' }] });
  });

  it('shows "Failed to fetch counties" titled Error when the list fails to load', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /arc/counties/WI': { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } },
    });
    renderWithProviders(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Error' }, { timeout: 10_000 });
    expect(dialog).toHaveTextContent('Failed to fetch counties');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Counties' })).toHaveAttribute(
      'placeholder',
      'Counties could not be loaded',
    );
  });
});

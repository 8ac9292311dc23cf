import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DeferredSelect, optionLabel } from './deferred-select.tsx';

const COUNTIES = [
  { value: '55025', label: 'Dane County' },
  { value: '55079', label: 'Milwaukee County' },
  { value: '55133', label: 'Waukesha County' },
];

function County({ onFocus }: { onFocus?: () => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <DeferredSelect
        label="County"
        placeholder="Choose a county"
        data={COUNTIES}
        value={value}
        onChange={setValue}
        onFocus={onFocus}
        searchable
        clearable
      />
      <p>chosen: {value ?? 'none'}</p>
    </>
  );
}

// The select's code is one module for the whole file: the first test sees the stand-in, the later ones the real
// select, as a later screen of the same visit would.
describe('DeferredSelect', () => {
  it('draws a stand-in first; what is typed there before the code arrives filters the list that opens with it', async () => {
    const onFocus = vi.fn();
    renderWithProviders(<County onFocus={onFocus} />);
    const standIn = screen.getByRole('combobox', { name: 'County' });
    // the stand-in: no list behind it yet
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(standIn).not.toHaveAttribute('aria-controls');
    expect(standIn).toHaveAttribute('placeholder', 'Choose a county');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    // the caller's own handlers still run (a form's touched state)
    act(() => standIn.focus());
    expect(onFocus).toHaveBeenCalledTimes(1);
    fireEvent.change(standIn, { target: { value: 'Mil' } });
    expect(standIn).toHaveValue('Mil');

    // the code arrives: the real field has the focus, the typed text and its list, filtered
    const option = await screen.findByRole('option', { name: 'Milwaukee County' });
    const field = screen.getByRole('combobox', { name: 'County' });
    expect(field).not.toBe(standIn);
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Mil');
    expect(screen.queryByRole('option', { name: 'Dane County' })).not.toBeInTheDocument();
    await userEvent.click(option);
    expect(screen.getByText('chosen: 55079')).toBeInTheDocument();
    expect(field).toHaveValue('Milwaukee County');
  });

  it('draws the real select at once once its code is there', async () => {
    renderWithProviders(<County />);
    const field = screen.getByRole('combobox', { name: 'County' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(field);
    expect(await screen.findAllByRole('option')).toHaveLength(3);
  });
});

describe('optionLabel', () => {
  it('finds the label of a value among strings, items and groups, and nothing for none', () => {
    expect(optionLabel(['2026', '2027'], '2027')).toBe('2027');
    expect(optionLabel(COUNTIES, '55133')).toBe('Waukesha County');
    expect(optionLabel([{ group: 'Wisconsin', items: COUNTIES }], '55025')).toBe('Dane County');
    expect(optionLabel(COUNTIES, '99999')).toBe('');
    expect(optionLabel(COUNTIES, null)).toBe('');
    expect(optionLabel(undefined, '55025')).toBe('');
  });
});

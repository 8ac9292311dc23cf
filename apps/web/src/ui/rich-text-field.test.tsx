import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { RichTextField } from './rich-text-field.tsx';

describe('RichTextField', () => {
  it('shows the text it starts from in a textbox named by its label, with the toolbar and the error', async () => {
    const onChange = vi.fn();
    renderWithProviders(
      <RichTextField
        label="Terms text"
        defaultValue="<h2>Terms</h2><p>Read <strong>all</strong> of it.</p>"
        onChange={onChange}
        error="Write the terms"
      />,
    );
    const box = await screen.findByRole('textbox', { name: 'Terms text' });
    expect(box).toHaveTextContent('TermsRead all of it.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Write the terms')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link' })).toBeInTheDocument();
  });
});

import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { SafeHtml } from './safe-html.tsx';

describe('SafeHtml', () => {
  it('keeps the content markup and drops scripts, event handlers and javascript: links', () => {
    const { container } = renderWithProviders(
      <SafeHtml
        html={
          '<h2>Terms</h2><p>Agent <b>use</b> only.</p><script>window.hacked = true</script>' +
          '<img src="x" onerror="window.hacked = true"><a href="javascript:alert(1)">link</a>' +
          '<svg><script>alert(1)</script></svg><iframe src="https://evil.example"></iframe>'
        }
      />,
    );
    expect(screen.getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(container.innerHTML).toContain('<b>use</b>');
    expect(container.querySelector('script, iframe, svg, [onerror]')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });
});

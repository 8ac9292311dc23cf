import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part.tsx';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A module load the test finishes by hand. */
function deferredModule() {
  let resolve: () => void = () => {};
  const loaded = new Promise<void>((r) => (resolve = r));
  const load = vi.fn(() => loaded.then(() => Counter));
  return { load, resolve };
}

function Host({ Part, label }: { Part: ReturnType<typeof lazyPart<{ label: string }>>['Part']; label: string }) {
  return (
    <Suspense fallback={<p>Loading the part</p>}>
      <Part label={label} />
    </Suspense>
  );
}

describe('lazyPart', () => {
  it('renders a preloaded part at once: no fallback is ever committed', async () => {
    const module = deferredModule();
    const { Part, preload } = lazyPart(module.load);
    const preloading = preload();
    module.resolve();
    await preloading;
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''));
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    render(<Host Part={Part} label="Clicks" />);
    expect(screen.getByRole('button', { name: 'Clicks 0' })).toBeInTheDocument();
    await act(async () => {});
    observer.disconnect();
    expect(seen.some((text) => text.includes('Loading the part'))).toBe(false);
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback until a part that was not preloaded has loaded', async () => {
    const module = deferredModule();
    const { Part } = lazyPart(module.load);
    render(<Host Part={Part} label="Clicks" />);
    expect(screen.getByText('Loading the part')).toBeInTheDocument();
    await act(async () => module.resolve());
    expect(await screen.findByRole('button', { name: 'Clicks 0' })).toBeInTheDocument();
  });

  it('keeps the state of a part mounted before its module loaded when its host renders again', async () => {
    const user = userEvent.setup();
    const module = deferredModule();
    const { Part } = lazyPart(module.load);
    const { rerender } = render(<Host Part={Part} label="Clicks" />);
    await act(async () => module.resolve());
    await user.click(await screen.findByRole('button', { name: 'Clicks 0' }));
    rerender(<Host Part={Part} label="Taps" />);
    // the same instance, not a remount: the count stays, the new props arrive
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeInTheDocument();
  });

  it('a preload that fails does not reject; the part then fails where it renders', async () => {
    const load = vi.fn(() => Promise.reject(new Error('chunk gone')));
    const { preload } = lazyPart<{ label: string }>(load);
    await expect(preload()).resolves.toBeUndefined();
  });
});

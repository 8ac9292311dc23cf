import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredPart, useStandIn } from './deferred-part.tsx';

const Real = ({ label }: { label: string }) => <p>real {label}</p>;

function host(part: ReturnType<typeof deferredPart<{ label: string }>>) {
  return function Host() {
    const Part = part.useLoaded();
    return Part ? <Part label="part" /> : <p>stand-in</p>;
  };
}

describe('deferredPart', () => {
  it('shows the stand-in until the code is asked for, then the part', async () => {
    const load = vi.fn(() => Promise.resolve(Real));
    const part = deferredPart(load);
    const Host = host(part);
    render(<Host />);
    expect(screen.getByText('stand-in')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    part.preload();
    part.preload();
    expect(await screen.findByText('real part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads by itself once the page has settled, without any intent', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn(() => Promise.resolve(Real));
      const Host = host(deferredPart(load));
      render(<Host />);
      expect(load).not.toHaveBeenCalled();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      expect(load).toHaveBeenCalledTimes(1);
      expect(screen.getByText('real part')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries again on the next intent after a failed download, and a part already loaded shows at once', async () => {
    const load = vi
      .fn<() => Promise<typeof Real>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(Real);
    const part = deferredPart(load);
    const Host = host(part);
    render(<Host />);
    part.preload();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText('stand-in')).toBeInTheDocument();
    part.preload();
    expect(await screen.findByText('real part')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    render(<Host />);
    expect(screen.getAllByText('real part')).toHaveLength(2);
  });
});

describe('useStandIn', () => {
  function StandIn({ preload }: { preload: () => void }) {
    const { isWanted, hasFocus, handlers } = useStandIn(preload);
    return (
      <button type="button" {...handlers}>
        {isWanted ? 'wanted' : 'not wanted'}, {hasFocus ? 'focused' : 'not focused'}
      </button>
    );
  }

  it('asks for the code on a pointer or focus, and counts a press from the pointer going down', () => {
    const preload = vi.fn();
    render(<StandIn preload={preload} />);
    const button = screen.getByRole('button');
    fireEvent.pointerEnter(button);
    fireEvent.focus(button);
    expect(button).toHaveTextContent('not wanted, focused');
    // the part may arrive and replace the stand-in before the release: the press is already counted
    fireEvent.pointerDown(button);
    expect(button).toHaveTextContent('wanted, focused');
    fireEvent.blur(button);
    expect(button).toHaveTextContent('wanted, not focused');
    expect(preload).toHaveBeenCalled();
  });

  it('counts Enter or Space on the focused stand-in (a click without a pointer)', () => {
    render(<StandIn preload={() => undefined} />);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button')).toHaveTextContent('wanted');
  });
});

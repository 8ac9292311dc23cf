import { startTransition, useEffect, useState, type ComponentType, type RefObject } from 'react';

/**
 * A part that drawing the screen does not need: a menu's or a popover's dropdown, a tooltip. A stand-in draws the
 * same button without it, and the part's code (with the positioning library behind every floating element) loads
 * once the screen has settled and the browser is idle, or at once when the agent points at, touches or focuses the
 * stand-in (`preload`). The screen's first download and start-up carry none of it (decision 058).
 *
 * `useLoaded()` answers the part's component once its code is there, and undefined until then (the stand-in's
 * turn); a component that uses it re-renders when the code arrives.
 */
export function deferredPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { useLoaded: () => ComponentType<P> | undefined; preload: () => void } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const ensure = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
      },
      () => {
        // a failed download (a phone that lost its network) is tried again on the next intent
        loading = undefined;
      },
    );
  };
  return {
    useLoaded() {
      const [component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
      useEffect(() => {
        // a transition: the part renders in slices and never holds up the agent's input (decision 058)
        const show = () => startTransition(() => setComponent(() => loaded));
        if (loaded) {
          show();
          return undefined;
        }
        listeners.add(show);
        whenSettled(ensure);
        return () => {
          listeners.delete(show);
        };
      }, []);
      return component;
    },
    preload: ensure,
  };
}

/**
 * A stand-in button's state and handlers: pointed at or focused, it asks for the part's code; pressed (from the
 * pointer going down), the part opens as it arrives (`isWanted`); focused, the part's real button takes the focus
 * over (`hasFocus`).
 */
export function useStandIn(preload: () => void) {
  const [isWanted, setWanted] = useState(false);
  const [hasFocus, setFocus] = useState(false);
  const press = () => {
    setWanted(true);
    preload();
  };
  const handlers = {
    onPointerEnter: preload,
    onFocus: () => {
      setFocus(true);
      preload();
    },
    onBlur: () => setFocus(false),
    // a press counts from the pointer going down: when the part arrives between that and the release, the stand-in
    // is gone before its click, and the click then reaches neither button
    onPointerDown: press,
    // Enter or Space on a focused stand-in
    onClick: press,
  };
  return { isWanted, hasFocus, handlers };
}

/**
 * In the part that took a stand-in's place, once as it mounts: the focus goes to its real button when the stand-in
 * had it or was pressed (so that closing the part gives it back there), then a pressed stand-in's part opens.
 */
export function useTakeOver(
  target: RefObject<HTMLElement | null>,
  { isWanted, hasFocus }: { isWanted: boolean; hasFocus: boolean },
  open: () => void,
): void {
  useEffect(() => {
    if (hasFocus || isWanted) target.current?.focus();
    if (isWanted) open();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- the stand-in's state when this part took over
}

/** how long after the page's load event the deferred parts wait before they download */
const SETTLE_MS = 1500;

/**
 * Runs `task` once the page has loaded, SETTLE_MS have passed since and the browser is idle. A part first drawn
 * long after the page loaded (a screen reached later, a form opened later) waits only for the browser to be idle.
 */
function whenSettled(task: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 2000 }) : task());
  const start = () => window.setTimeout(idle, Math.max(0, SETTLE_MS - sinceLoadMs()));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** How long ago the page's load event ended (0 where the browser does not say). */
function sinceLoadMs(): number {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  const loadEnd = navigation && 'loadEventEnd' in navigation ? Number(navigation.loadEventEnd) : 0;
  return loadEnd > 0 ? performance.now() - loadEnd : 0;
}

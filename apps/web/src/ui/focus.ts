import { useEffect, useRef, useState } from 'react';

/** Scrolls the element to the top of the page, just below the fixed header. */
function scrollIntoPlace(element: HTMLElement) {
  const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const top = element.getBoundingClientRect().top + window.scrollY - Math.max(0, header) - 16;
  window.scrollTo({ top: Math.max(0, top) });
}

/**
 * For content that replaces what was there (search results, a worksheet, checkout, a contract's view): when it
 * mounts, its heading (or result region) takes the focus and is scrolled into place below the fixed header, so
 * a keyboard or screen-reader user continues there instead of at the top of the document. The element gets
 * `tabIndex={-1}` so it can hold the focus.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
    element.focus({ preventScroll: true });
    scrollIntoPlace(element);
  }, []);
  return ref;
}

/**
 * A dialog that may mount already open (a lazily loaded one, whose Mantine Modal then never saw the opener):
 * remembers the control that had the focus when it opened and gives the focus back to it when it closes or goes
 * away, however it closed (Escape, a button, the outcome of its action).
 */
export function useReturnFocus(opened: boolean): void {
  // read in the first render, before the dialog's focus trap moves the focus into it
  const [focusedAtMount] = useState(() => document.activeElement);
  const opener = useRef<Element | null>(null);
  const isFirst = useRef(true);
  useEffect(() => {
    const first = isFirst.current;
    isFirst.current = false;
    if (opened) {
      opener.current = first ? focusedAtMount : document.activeElement;
      return;
    }
    if (!first) restore(opener);
  }, [opened, focusedAtMount]);
  useEffect(() => () => restore(opener), []);
}

function restore(opener: { current: Element | null }) {
  const element = opener.current;
  opener.current = null;
  // at once, as the dialog closes: a dialog opened by the outcome (a message) takes the focus after this
  if (element instanceof HTMLElement && element !== document.body && element.isConnected) element.focus();
}

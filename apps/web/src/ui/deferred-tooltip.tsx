import type { TooltipProps } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { deferredPart } from './deferred-part.tsx';

const tooltip = deferredPart(() => import('./tooltip-part.ts').then((module) => module.Tooltip));

/**
 * Mantine's Tooltip, whose code (and the positioning code behind it) loads after the screen, or on the first
 * pointer or focus on its target (decision 058). Until then the target shows without it; a target that had the
 * focus when the tooltip arrived keeps it.
 */
export function DeferredTooltip({ children, ...props }: TooltipProps) {
  const Tooltip = tooltip.useLoaded();
  const slot = useRef<HTMLSpanElement>(null);
  const [hasFocus, setFocus] = useState(false);
  useLayoutEffect(() => {
    // the target is a new element once wrapped: the focus goes back to it
    if (Tooltip && hasFocus) slot.current?.querySelector<HTMLElement>('button, a, [tabindex]')?.focus();
  }, [Tooltip]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the tooltip arrives
  return (
    <span
      ref={slot}
      style={{ display: 'contents' }}
      onPointerEnter={tooltip.preload}
      onFocus={() => {
        setFocus(true);
        tooltip.preload();
      }}
      onBlur={() => setFocus(false)}
    >
      {Tooltip ? <Tooltip {...props}>{children}</Tooltip> : children}
    </span>
  );
}

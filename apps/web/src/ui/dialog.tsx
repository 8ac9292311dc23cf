import { lazy, Suspense, useState } from 'react';
import type { DialogModalProps } from './dialog-modal.tsx';

const DialogModal = lazy(() => import('./dialog-modal.tsx'));

/**
 * A message or a question shown after a click or a failed request: Mantine's Modal (with its scroll area, about
 * 8 KB gzipped) is a `React.lazy` part loaded the first time the dialog opens, not with every screen that may
 * show one (docs/decisions/web-loading-and-budget.md). Once loaded it stays mounted, so it closes with Mantine's
 * transition and gives the focus back.
 */
export function Dialog(props: DialogModalProps) {
  const [hasOpened, setHasOpened] = useState(props.opened);
  if (props.opened && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <DialogModal {...props} />
    </Suspense>
  );
}

import { useEffect } from 'react';
import { deferredPart } from './deferred-part.tsx';
import type { MessageDialogProps } from './message-dialog-modal.tsx';

/** the dialog itself (Mantine's Modal, its portal, focus trap and scroll area): loaded after the screen (decision 058) */
const dialog = deferredPart(() => import('./message-dialog-modal.tsx').then((module) => module.MessageDialogModal));

export type { MessageDialogProps } from './message-dialog-modal.tsx';

/**
 * The spec's pop-ups ("Download Failed", "Error" with a message): a modal dialog named by its title that
 * takes the focus, closes with its button, Escape or a click outside, and gives the focus back.
 */
export function MessageDialog(props: MessageDialogProps) {
  const Dialog = dialog.useLoaded();
  const { opened } = props;
  // a dialog asked for before its code arrived (the page has not settled yet) opens as soon as it is there
  useEffect(() => {
    if (opened && !Dialog) dialog.preload();
  }, [opened, Dialog]);
  return Dialog ? <Dialog {...props} /> : null;
}

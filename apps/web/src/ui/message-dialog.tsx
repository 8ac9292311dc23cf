import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

export interface MessageDialogProps {
  opened: boolean;
  /** the spec's pop-up title: "Error", "Download Failed", "Success", "Info"… */
  title: string;
  /** the message; a string is shown as a paragraph */
  children: ReactNode;
  onClose: () => void;
  /** the button's text (default "Close") */
  closeLabel?: string;
}

/**
 * The spec's pop-ups ("Download Failed", "Error" with a message): a modal dialog named by its title that
 * takes the focus, closes with its button, Escape or a click outside, and gives the focus back.
 */
export function MessageDialog({ opened, title, children, onClose, closeLabel = 'Close' }: MessageDialogProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={title}
      actions={
        <Group justify="flex-end" mt="lg">
          <Button onClick={onClose} data-autofocus>
            {closeLabel}
          </Button>
        </Group>
      }
    >
      {children}
    </Dialog>
  );
}

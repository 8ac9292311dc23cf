import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

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

/** The message dialog itself, loaded after the screen or when a message is to be shown (decision 058). */
export function MessageDialogModal({ opened, title, children, onClose, closeLabel = 'Close' }: MessageDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered withCloseButton={false}>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {closeLabel}
        </Button>
      </Group>
    </Modal>
  );
}

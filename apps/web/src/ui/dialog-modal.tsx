import { Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DialogModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** what the dialog says; a string is shown as a paragraph */
  children: ReactNode;
  /** the dialog's buttons */
  actions: ReactNode;
  closeOnClickOutside?: boolean;
}

/** The spec's pop-up as Mantine draws it: a centred modal named by its title, its text, then its buttons. */
export default function DialogModal({
  opened,
  onClose,
  title,
  children,
  actions,
  closeOnClickOutside,
}: DialogModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      withCloseButton={false}
      closeOnClickOutside={closeOnClickOutside}
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      {actions}
    </Modal>
  );
}

import { Button, Group, Modal, Text } from '@mantine/core';

export interface Message {
  title: string;
  text: string;
}

/** The spec's pop-ups (Missing County, Postal Code Invalid, No Data, Error …). */
export function MessageModal({ message, onClose }: { message: Message | null; onClose: () => void }) {
  return (
    <Modal opened={message !== null} onClose={onClose} title={message?.title ?? ''} centered withCloseButton={false}>
      <Text>{message?.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

import { CONTRACTS_TEXT } from '@arc/contract';
import { ActionIcon, Group, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useFocusOnMount } from '../../ui/focus.ts';
import { MessageDialog } from '../../ui/message-dialog.tsx';

/** A view's heading with the back arrow that closes it (spec: "a back arrow closes a view"). */
export function ViewHeader({ title, subtitle, onBack }: { title: string; subtitle?: ReactNode; onBack: () => void }) {
  // the view replaces the tables: it is scrolled into place and its heading takes the focus
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ActionIcon variant="subtle" size="lg" onClick={onBack} aria-label={CONTRACTS_TEXT.back} mt={2}>
        <IconArrowLeft size={22} aria-hidden="true" />
      </ActionIcon>
      <div>
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        {subtitle ? (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
      </div>
    </Group>
  );
}

export interface ViewMessageProps {
  /** the failure message ("Failed to return downlines"), shown titled Error */
  error: string | null;
  /** the none-found message, shown titled Info */
  info: string | null;
}

/** The spec's pop-ups of a view: Error on failure, Info when nothing was found; each shows once until closed. */
export function ViewMessage({ error, info }: ViewMessageProps) {
  const [closed, setClosed] = useState<string | null>(null);
  const message = error ?? info;
  return (
    <MessageDialog
      opened={message !== null && closed !== message}
      title={error ? CONTRACTS_TEXT.errorTitle : CONTRACTS_TEXT.infoTitle}
      onClose={() => setClosed(message)}
    >
      {message ?? ''}
    </MessageDialog>
  );
}

import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** A red trash-can button that removes one row (a cart line); `aria-label` names what it removes. */
export function RemoveButton(props: ComponentPropsWithRef<'button'> & { 'aria-label': string }) {
  return (
    <ActionIcon variant="subtle" color="red.8" {...props}>
      <IconTrash size={16} aria-hidden="true" />
    </ActionIcon>
  );
}

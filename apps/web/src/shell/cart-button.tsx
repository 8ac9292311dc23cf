import { ActionIcon } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

/** The cart button: the count of items in its name. */
export function CartButton({ count, ...props }: { count: number } & ComponentPropsWithRef<'button'>) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`Supplies cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      {...props}
    >
      <IconShoppingCart size={22} aria-hidden="true" />
    </ActionIcon>
  );
}

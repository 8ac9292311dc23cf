import { ActionIcon, Button, Divider, Group, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import type { CartLine } from '../api/supplies-cart.ts';
import { useTakeOver } from '../ui/deferred-part.tsx';
import { CartButton } from './cart-button.tsx';

export interface CartPopupProps {
  lines: CartLine[];
  count: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onRemove: (productId: string) => void;
  onCheckout: () => void;
  /** the agent already pressed the stand-in: the cart opens as it arrives */
  isWanted: boolean;
  /** the stand-in had the focus: the real button takes it over */
  hasFocus: boolean;
}

/** The cart's popover, which takes the stand-in's place once its code has loaded (decision 058). */
export function CartPopup({
  lines,
  count,
  isOpen,
  onOpenChange,
  onRemove,
  onCheckout,
  isWanted,
  hasFocus,
}: CartPopupProps) {
  const target = useRef<HTMLButtonElement>(null);
  useTakeOver(target, { isWanted, hasFocus }, () => onOpenChange(true));
  return (
    <Popover
      opened={isOpen}
      onChange={onOpenChange}
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <CartButton ref={target} count={count} onClick={() => onOpenChange(!isOpen)} />
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={600}>Supplies cart</Text>
          <Divider />
          {lines.map((line) => (
            <Group key={line.productId} justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text size="sm" fw={600}>
                  Qty {line.qty} · {line.year} · {line.planName}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.state} · {line.carrier} · {line.type}
                </Text>
              </div>
              <Tooltip label="Remove">
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  onClick={() => onRemove(line.productId)}
                  aria-label={`Remove ${line.planName} from the cart`}
                >
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Group>
          ))}
          <Button onClick={onCheckout} mt="xs" fullWidth>
            Check out
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

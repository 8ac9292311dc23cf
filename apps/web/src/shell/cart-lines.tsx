import { Button, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useRemoveCartItem, useSuppliesCart } from '../api/supplies-cart.ts';
import { RemoveButton } from '../ui/remove-button.tsx';

/** The cart's lines in the top bar's popover, with Remove and Check out: loaded the first time the cart opens. */
export default function CartLines({ onCheckout }: { onCheckout: () => void }) {
  const { lines } = useSuppliesCart();
  const removeCartLine = useRemoveCartItem();
  return (
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
            <RemoveButton
              onClick={() => removeCartLine(line.productId)}
              aria-label={`Remove ${line.planName} from the cart`}
            />
          </Tooltip>
        </Group>
      ))}
      <Button onClick={onCheckout} mt="xs" fullWidth>
        Check out
      </Button>
    </Stack>
  );
}

import { Button, Divider, Group, Indicator, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startCheckout, useRemoveCartItem, useSuppliesCart } from '../api/supplies-cart.ts';
import { paths } from '../paths.ts';
import { RemoveButton } from '../ui/remove-button.tsx';
import { CartButton } from './cart-button.tsx';

/** The supplies cart in the top bar: shown only when it is not empty; its lines in a popover. */
export function CartMenu() {
  const { lines } = useSuppliesCart();
  const removeCartLine = useRemoveCartItem();
  const [isOpen, setOpen] = useState(false);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (lines.length === 0) return null;
  const count = lines.reduce((sum, line) => sum + line.qty, 0);

  const onCheckout = () => {
    setOpen(false);
    startCheckout();
    if (pathname !== paths.products) void navigate(paths.products);
  };

  return (
    // the indicator stays outside the popover's target, so the button itself carries aria-haspopup/expanded
    <Indicator label={count} size={18} color="brand" offset={4}>
      <Popover opened={isOpen} onChange={setOpen} position="bottom-end" width={340} shadow="md" withinPortal trapFocus>
        <Popover.Target>
          <CartButton count={count} onClick={() => setOpen(!isOpen)} />
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
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

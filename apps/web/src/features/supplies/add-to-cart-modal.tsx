import { KitQuantitySchema, SUPPLIES_MESSAGES, type Product } from '@arc/contract';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useUpdateCartItem } from '../../api/supplies.ts';
import { useReturnFocus } from '../../ui/focus.ts';

export interface AddToCartModalProps {
  /** the product to add; null closes the modal */
  product: Pick<Product, 'id' | 'planname' | 'orgname' | 'year'> | null;
  /** the quantity already in the cart, if any */
  currentQty?: number;
  onClose: () => void;
}

/**
 * Render with `key={product?.id}` so each product starts from its own quantity.
 * "How many would you like?" with Kit Quantity (a whole number, at least 1; the server checks it too). */
export function AddToCartModal({ product, currentQty, onClose }: AddToCartModalProps) {
  const [qty, setQty] = useState<number | string>(currentQty ?? 1);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateCartItem();
  // mounted already open: the focus goes back to the button that opened it
  useReturnFocus(product !== null);

  const onAdd = () => {
    if (!product) return;
    const parsed = KitQuantitySchema.safeParse(typeof qty === 'string' ? Number(qty === '' ? NaN : qty) : qty);
    if (!parsed.success) return setError(SUPPLIES_MESSAGES.kitQuantityMin);
    setError(null);
    update.mutate({ productId: product.id, qty: parsed.data }, { onSuccess: onClose });
  };

  return (
    <Modal opened={product !== null} onClose={onClose} title={SUPPLIES_MESSAGES.addToCartTitle} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onAdd();
        }}
      >
        <Stack gap="md">
          {product && (
            <Text size="sm">
              {product.year} · {product.planname} · {product.orgname}
            </Text>
          )}
          <NumberInput
            label="Kit Quantity"
            value={qty}
            onChange={setQty}
            min={1}
            max={10_000}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={error}
            data-autofocus
          />
          {update.isError && (
            <Alert color="red" title="Error" role="alert">
              {errorMessage(update.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Add to Cart
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

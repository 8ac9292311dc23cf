import { KIT_QUANTITY_MAX, KitQuantitySchema, SUPPLIES_MESSAGES, type Product } from '@arc/contract';
import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { errorMessage } from '../../api/client.ts';
import { useUpdateCartItem, useUpdateCartItemQuantity } from '../../api/supplies-order.ts';
import { useReturnFocus } from '../../ui/focus.ts';

export interface AddToCartModalProps {
  /** the product to add; null closes the modal */
  product: Pick<Product, 'id' | 'planname' | 'orgname' | 'year'> | null;
  /** the quantity already in the cart, if any */
  currentQty?: number;
  /** 'change': checkout changes the quantity of a line already in the cart (never adds one back) */
  mode?: 'add' | 'change';
  onClose: () => void;
}

/**
 * Kit Quantity as typed, checked with the contract's schema: whole numbers from 1 to KIT_QUANTITY_MAX, each
 * refusal with its own message ("1.5" is not a whole number; it never becomes 15).
 */
function parseKitQuantity(value: number | string): { qty: number } | { error: string } {
  const text = String(value).trim();
  const parsed = KitQuantitySchema.safeParse(text === '' ? NaN : Number(text));
  if (parsed.success) return { qty: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? SUPPLIES_MESSAGES.kitQuantityMin };
}

const kitQuantityError = (value: number | string) => {
  const parsed = parseKitQuantity(value);
  return 'error' in parsed ? parsed.error : null;
};

/**
 * Render with `key={product?.id}` so each product starts from its own quantity.
 * "How many would you like?" with Kit Quantity (a whole number, at least 1; the server checks it too). */
export function AddToCartModal({ product, currentQty, mode = 'add', onClose }: AddToCartModalProps) {
  const form = useForm<{ qty: number | string }>({
    mode: 'controlled',
    initialValues: { qty: currentQty ?? 1 },
    validate: { qty: kitQuantityError },
  });
  const add = useUpdateCartItem();
  const change = useUpdateCartItemQuantity();
  const update = mode === 'change' ? change : add;
  // mounted already open: the focus goes back to the button that opened it
  useReturnFocus(product !== null);

  const onAdd = form.onSubmit(({ qty }) => {
    const parsed = parseKitQuantity(qty);
    if (product && 'qty' in parsed) update.mutate({ productId: product.id, qty: parsed.qty }, { onSuccess: onClose });
  });

  return (
    <Modal opened={product !== null} onClose={onClose} title={SUPPLIES_MESSAGES.addToCartTitle} centered>
      <form onSubmit={onAdd} noValidate>
        <Stack gap="md">
          {product && (
            <Text size="sm">
              {product.year} · {product.planname} · {product.orgname}
            </Text>
          )}
          {/* decimals are kept as typed (and refused): with them stripped, "1.5" read as 15 */}
          <NumberInput
            label="Kit Quantity"
            {...form.getInputProps('qty')}
            min={1}
            max={KIT_QUANTITY_MAX}
            allowNegative={false}
            clampBehavior="none"
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
              {mode === 'change' ? 'Change Quantity' : 'Add to Cart'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

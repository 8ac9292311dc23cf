import {
  ADDRESS_QUERY_MAX_LENGTH,
  CheckoutFormSchema,
  ShippingAddressSchema,
  STATES,
  SUPPLIES_MESSAGES,
  type AddressSuggestion,
  type ShippingAddress,
  type StateCode,
} from '@arc/contract';
import { Autocomplete, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { geoQueries } from '../../api/geo.ts';
import { useRemoveCartItem, useSuppliesCart, type CartLine } from '../../api/supplies-cart.ts';
import { useCreateSupplyOrder } from '../../api/supplies-order.ts';
import { useConfirm } from '../../ui/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../ui/data-table.tsx';
import { useFocusOnMount } from '../../ui/focus.ts';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { RemoveButton } from '../../ui/remove-button.tsx';
import { AddToCartModal } from './add-to-cart-modal.tsx';

const isStateCode = (code: string): code is StateCode => STATES.some((s) => s.code === code);

type PickedAddress = Omit<ShippingAddress, 'specialinstruct'>;

/** The shipping address a picked suggestion gives; null until one is picked (spec part 2 §5). */
function addressFromSuggestion(s: AddressSuggestion): PickedAddress | null {
  if (!isStateCode(s.state)) return null;
  return {
    street_number: s.streetNumber ?? '',
    route: [s.route, s.unit].filter(Boolean).join(' '),
    locality: s.city,
    administrative_area_level_1: s.state,
    postal_code: s.postalCode,
  };
}

const newKey = () => crypto.randomUUID();

export interface CheckoutProps {
  /** Back: leaves checkout mode */
  onDone: () => void;
  /** the order was sent (the server emptied the cart) */
  onSent: () => void;
}

/** Checkout: review table, Ship To Address from the address suggestions, special instructions, Send Order. */
export function Checkout({ onDone, onSent }: CheckoutProps) {
  const { lines } = useSuppliesCart();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const removeCartLine = useRemoveCartItem();
  // the line whose quantity is being changed (the add-to-cart dialog, changing that line only)
  const [changing, setChanging] = useState<CartLine | null>(null);
  // the address typed (the suggestions' query), the suggestion picked and its address, the special instructions
  const form = useForm<{
    search: string;
    description: string | null;
    address: PickedAddress | null;
    specialinstruct: string;
  }>({
    mode: 'controlled',
    initialValues: { search: '', description: null, address: null, specialinstruct: '' },
    validate: schemaResolver(CheckoutFormSchema, { sync: true }),
  });
  const { search, address: picked } = form.getValues();
  const [debounced] = useDebouncedValue(search, 200);
  const suggestions = useQuery(geoQueries.addressSuggestions(debounced));
  const [message, setMessage] = useState<{ title: string; text: string } | null>(null);
  const { confirm, dialog } = useConfirm();
  const order = useCreateSupplyOrder();
  // one key per order attempt: a double click, a second confirmation or a retry after a lost answer repeat it
  const key = useRef(newKey());

  const options = useMemo(() => (suggestions.data ?? []).map((s) => s.description), [suggestions.data]);

  const columns = useMemo<DataTableColumn<CartLine>[]>(
    () => [
      {
        id: 'qty',
        header: 'Qty',
        value: (l) => l.qty,
        align: 'right',
        width: 90,
        cell: (l) => (
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={<IconPencil size={14} aria-hidden="true" />}
            onClick={() => setChanging(l)}
            // the visible number starts the name (WCAG 2.5.3, label in name)
            aria-label={`${l.qty} kits of ${l.planName}: change the quantity`}
          >
            {l.qty}
          </Button>
        ),
      },
      { id: 'year', header: 'Year', value: (l) => String(l.year), width: 80 },
      { id: 'plan', header: 'Plan Name', value: (l) => l.planName },
      { id: 'state', header: 'State', value: (l) => l.state, width: 80 },
      { id: 'carrier', header: 'Carrier', value: (l) => l.carrier },
      { id: 'type', header: 'Type', value: (l) => l.type },
      {
        id: 'remove',
        header: 'Remove',
        sortable: false,
        value: () => '',
        width: 80,
        cell: (l) => (
          <RemoveButton onClick={() => removeCartLine(l.productId)} aria-label={`Remove ${l.planName} from the cart`} />
        ),
      },
    ],
    [removeCartLine],
  );

  const onSend = form.onSubmit(
    async (values) => {
      if (order.isPending) return;
      const isConfirmed = await confirm({
        title: SUPPLIES_MESSAGES.readyToSellTitle,
        children: SUPPLIES_MESSAGES.readyToSellWarning,
      });
      if (!isConfirmed) return;
      order.mutate(
        {
          key: key.current,
          body: {
            address: ShippingAddressSchema.parse({ ...values.address, specialinstruct: values.specialinstruct }),
            supplies: lines.map((l) => ({ productId: l.productId, qty: l.qty })),
          },
        },
        {
          onSuccess: () => {
            key.current = newKey();
            onSent();
          },
          // the key stays: the server keeps only answered orders, so a retry after a lost answer is the same order
          onError: (error) =>
            setMessage({ title: 'Error', text: SUPPLIES_MESSAGES.orderFailedPrefix + errorMessage(error) }),
        },
      );
    },
    // the spec says it in a dialog, not under the field
    () => {
      if (!order.isPending) setMessage({ title: 'Error', text: SUPPLIES_MESSAGES.missingShipping });
    },
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3" ref={heading} tabIndex={-1}>
          Check out
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={onDone}>
          Back
        </Button>
      </Group>
      <DataTable
        caption="Review your order"
        data={lines}
        columns={columns}
        getRowId={(l) => l.productId}
        paginate={false}
        emptyMessage="Your cart is empty."
        minWidth={640}
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Autocomplete
            label="Ship To Address"
            description="Type the street address and pick it from the list."
            placeholder="1200 John Q Hammons Dr Madison WI"
            maxLength={ADDRESS_QUERY_MAX_LENGTH}
            {...form.getInputProps('search')}
            onChange={(value) => {
              form.setFieldValue('search', value);
              // typing after a pick drops it: the postal code comes only from a picked suggestion
              if (form.getValues().description !== value) form.setValues({ description: null, address: null });
            }}
            data={options}
            filter={({ options: all }) => all}
            onOptionSubmit={(value) => {
              const suggestion = suggestions.data?.find((s) => s.description === value);
              form.setValues(
                suggestion
                  ? { description: value, address: addressFromSuggestion(suggestion) }
                  : { description: null, address: null },
              );
            }}
            rightSection={suggestions.isFetching ? <Loader size="xs" aria-label="Loading addresses" /> : null}
            comboboxProps={{ withinPortal: true }}
          />
          {picked && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Ships to: {picked.street_number} {picked.route}, {picked.locality}, {picked.administrative_area_level_1}{' '}
              {picked.postal_code}
            </Text>
          )}
          <Textarea
            label="Special Instructions"
            {...form.getInputProps('specialinstruct')}
            maxLength={1000}
            minRows={3}
          />
          <Group justify="flex-end">
            <Button onClick={() => onSend()} loading={order.isPending} disabled={lines.length === 0}>
              Send Order
            </Button>
          </Group>
        </Stack>
      </Paper>
      {dialog}
      <AddToCartModal
        key={changing?.productId ?? 'none'}
        mode="change"
        product={
          changing
            ? { id: changing.productId, planname: changing.planName, orgname: changing.carrier, year: changing.year }
            : null
        }
        currentQty={changing?.qty}
        onClose={() => setChanging(null)}
      />
      <MessageDialog opened={message !== null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        {message?.text ?? ''}
      </MessageDialog>
    </Stack>
  );
}

import {
  createSupplyOrder,
  getCrmAccount,
  IDEMPOTENCY_KEY_HEADER,
  listSupplyOrderLog,
  updateCartItem,
  updateCartItemQuantity,
  type Cart,
  type CreateSupplyOrderRequest,
} from '@arc/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import { suppliesQueries } from './supplies.ts';
import { useSubmit } from './use-submit.ts';

/** An order's details (its log, the CRM account), loaded when the agent opens them (docs/decisions/contract.md). */
export const orderDetailsQueries = {
  orderLog: (id: number) =>
    queryOptions({
      queryKey: ['supplies', 'orders', id, 'log'],
      queryFn: ({ signal }) => apiFetch(listSupplyOrderLog, { params: { id }, signal }),
    }),
  crmAccount: (actId: string) =>
    queryOptions({
      queryKey: ['supplies', 'crm-account', actId],
      queryFn: ({ signal }) => apiFetch(getCrmAccount, { params: { id: actId }, signal }),
      staleTime: 10 * 60_000,
    }),
};

/** PUT the product with this quantity: adds it, or changes the quantity of the line already there. */
export function useUpdateCartItem() {
  const client = useQueryClient();
  return useSubmit({
    mutationFn: ({ productId, qty }: { productId: string; qty: number }) =>
      apiFetch(updateCartItem, { params: { productId }, body: { qty } }),
    onSuccess: (cart: Cart) => client.setQueryData(suppliesQueries.cart().queryKey, cart),
  });
}

/** PATCH the quantity of a line already in the cart (checkout); a line removed meanwhile is a 404, not re-added. */
export function useUpdateCartItemQuantity() {
  const client = useQueryClient();
  return useSubmit({
    mutationFn: ({ productId, qty }: { productId: string; qty: number }) =>
      apiFetch(updateCartItemQuantity, { params: { productId }, body: { qty } }),
    onSuccess: (cart: Cart) => client.setQueryData(suppliesQueries.cart().queryKey, cart),
    onError: () => client.invalidateQueries({ queryKey: suppliesQueries.cart().queryKey }),
  });
}

/**
 * POST the order with an Idempotency-Key: the caller keeps one key per order attempt (a double click or a retry
 * sends the same key, so the server makes one order). Success empties the cart and refreshes the orders.
 */
export function useCreateSupplyOrder() {
  const client = useQueryClient();
  return useSubmit({
    mutationFn: ({ key, body }: { key: string; body: CreateSupplyOrderRequest }) =>
      apiFetch(createSupplyOrder, { body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: suppliesQueries.cart().queryKey });
      void client.invalidateQueries({ queryKey: suppliesQueries.orders().queryKey });
    },
  });
}

import { deleteCartItem, getCart, listProductTypes, listSupplyOrders, type Cart } from '@arc/contract';
// eslint-disable-next-line no-restricted-imports -- useRemoveCartItem (below) is not a submit
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from './client.ts';

export const suppliesQueries = {
  productTypes: () =>
    queryOptions({
      queryKey: ['supplies', 'product-types'],
      queryFn: ({ signal }) => apiFetch(listProductTypes, { signal }),
      staleTime: 10 * 60_000,
    }),
  cart: () =>
    queryOptions({
      queryKey: ['supplies', 'cart'],
      queryFn: ({ signal }) => apiFetch(getCart, { signal }),
      staleTime: 10_000,
    }),
  orders: () =>
    queryOptions({
      queryKey: ['supplies', 'orders'],
      queryFn: ({ signal }) => apiFetch(listSupplyOrders, { signal }),
    }),
};

/**
 * DELETE a cart line; on failure the cart is read again, so it shows what the server has. Not a submit: each
 * line's Remove is its own idempotent DELETE, and removing a second line while the first goes must not wait.
 */
export function useRemoveCartItem() {
  const client = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (productId: string) => apiFetch(deleteCartItem, { params: { productId } }),
    onSuccess: (cart: Cart) => client.setQueryData(suppliesQueries.cart().queryKey, cart),
    onError: () => client.invalidateQueries({ queryKey: suppliesQueries.cart().queryKey }),
  });
  return mutate;
}

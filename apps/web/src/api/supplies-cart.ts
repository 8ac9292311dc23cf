import { useSyncExternalStore } from 'react';

/**
 * The supplies cart shown in the top bar. The cart belongs to the supplies area (kept on the server per
 * agent, docs/architecture.md); until that area lands it is empty, so the top bar shows no cart. The supplies area
 * replaces the store below with its queries and keeps this hook's shape.
 */
export interface CartLine {
  productId: string;
  qty: number;
  year: number;
  planName: string;
  state: string;
  carrier: string;
  type: string;
}

export interface SuppliesCart {
  lines: CartLine[];
  /** on after Check out: /products shows the checkout step */
  isCheckingOut: boolean;
}

let cart: SuppliesCart = { lines: [], isCheckingOut: false };
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function useSuppliesCart(): SuppliesCart {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => cart,
  );
}

export function removeCartLine(productId: string): void {
  cart = { ...cart, lines: cart.lines.filter((line) => line.productId !== productId) };
  emit();
}

export function startCheckout(): void {
  cart = { ...cart, isCheckingOut: true };
  emit();
}

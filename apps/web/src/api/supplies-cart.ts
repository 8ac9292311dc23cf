import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { useSession } from '../auth/session.ts';
import { suppliesQueries } from './supplies.ts';

export { useRemoveCartItem } from './supplies.ts';

/**
 * The supplies cart shown in the top bar and on /products. The lines live on the server per agent (design §3),
 * so a reload, another tab or another device shows the same cart; checkout mode is this tab's session state (session
 * storage: a reload stays in checkout, another tab does not).
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

const CHECKOUT_KEY = 'arc.supplies.checkout';
const readCheckout = () => {
  try {
    return sessionStorage.getItem(CHECKOUT_KEY) === '1';
  } catch {
    return false;
  }
};
let isCheckingOut = readCheckout();
const storeCheckout = (value: boolean) => {
  isCheckingOut = value;
  try {
    if (value) sessionStorage.setItem(CHECKOUT_KEY, '1');
    else sessionStorage.removeItem(CHECKOUT_KEY);
  } catch {
    // storage refused: checkout mode lasts until a reload
  }
  emit();
};
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const NO_LINES: CartLine[] = [];

export function useSuppliesCart(): SuppliesCart {
  const session = useSession();
  const cart = useQuery({ ...suppliesQueries.cart(), enabled: session.status === 'signedIn' });
  const checkingOut = useSyncExternalStore(subscribe, () => isCheckingOut);
  const lines = useMemo(
    () =>
      cart.data?.items.map((item) => ({
        productId: item.product.id,
        qty: item.qty,
        year: item.product.year,
        planName: item.product.planname,
        state: item.product.state,
        carrier: item.product.orgname,
        type: item.product.type,
      })) ?? NO_LINES,
    [cart.data],
  );
  return { lines, isCheckingOut: checkingOut };
}

export function startCheckout(): void {
  storeCheckout(true);
}

export function stopCheckout(): void {
  storeCheckout(false);
}

import { Indicator } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startCheckout, useRemoveCartItem, useSuppliesCart } from '../api/supplies-cart.ts';
import { paths } from '../paths.ts';
import { deferredPart, useStandIn } from '../ui/deferred-part.tsx';
import { CartButton } from './cart-button.tsx';

/** the cart's popover, with the positioning code every dropdown needs: loaded after the screen (decision 058) */
const popup = deferredPart(() => import('./cart-popup.tsx').then((module) => module.CartPopup));

/**
 * The supplies cart in the top bar: shown only when it is not empty. Until the popover's code has loaded, the
 * same button stands in: pressed, it opens the cart as soon as the code is there.
 */
export function CartMenu() {
  const { lines } = useSuppliesCart();
  const removeCartLine = useRemoveCartItem();
  const [isOpen, setOpen] = useState(false);
  const { isWanted, hasFocus, handlers } = useStandIn(popup.preload);
  const Popup = popup.useLoaded();
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
      {Popup ? (
        <Popup
          lines={lines}
          count={count}
          isOpen={isOpen}
          onOpenChange={setOpen}
          onRemove={removeCartLine}
          onCheckout={onCheckout}
          isWanted={isWanted}
          hasFocus={hasFocus}
        />
      ) : (
        <CartButton count={count} aria-haspopup="dialog" aria-expanded={false} {...handlers} />
      )}
    </Indicator>
  );
}

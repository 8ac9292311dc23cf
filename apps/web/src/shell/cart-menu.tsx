import { Indicator, Popover } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { startCheckout, useSuppliesCart } from '../api/supplies-cart.ts';
import { paths } from '../paths.ts';
import { CartButton } from './cart-button.tsx';

// the lines load the first time the cart opens, like the bell's list: the top bar itself shows only the count
const CartLines = lazy(() => import('./cart-lines.tsx'));

/** The supplies cart in the top bar: shown only when it is not empty; its lines in a popover. */
export function CartMenu() {
  const { lines } = useSuppliesCart();
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
          {isOpen && (
            <Suspense fallback={null}>
              <CartLines onCheckout={onCheckout} />
            </Suspense>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

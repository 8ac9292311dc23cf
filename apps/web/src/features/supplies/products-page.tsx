import { SUPPLIES_MESSAGES, type Product } from '@arc/contract';
import { Alert, Loader, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useDeferredValue, useState } from 'react';
import { stopCheckout, useSuppliesCart } from '../../api/supplies-cart.ts';
import { MessageDialog } from '../../ui/message-dialog.tsx';
import { initialSearch, ProductSearch, type SearchFormValue, type SearchRequest } from './product-search.tsx';
import { SupplyOrders } from './supply-orders.tsx';

// shown after a click (Search, Add to Cart, the cart's Checkout): loaded then, not with the search
// (docs/decisions/web-loading-and-budget.md)
const CarrierList = lazy(() => import('./catalog-results.tsx').then((m) => ({ default: m.CarrierList })));
const PlanTable = lazy(() => import('./catalog-results.tsx').then((m) => ({ default: m.PlanTable })));
const AddToCartModal = lazy(() => import('./add-to-cart-modal.tsx').then((m) => ({ default: m.AddToCartModal })));
const Checkout = lazy(() => import('./checkout.tsx').then((m) => ({ default: m.Checkout })));

type Step =
  | { name: 'search' }
  | { name: 'results'; request: SearchRequest }
  | { name: 'plans'; request: Extract<SearchRequest, { kind: 'county' }>; company: string };

/** /products — Order Supplies: search, carriers, plans, cart, checkout and the agent's supply orders. */
export default function ProductsPage() {
  const { lines, isCheckingOut } = useSuppliesCart();
  const [form, setForm] = useState<SearchFormValue>(() => initialSearch());
  const [step, setStep] = useState<Step>({ name: 'search' });
  const [adding, setAdding] = useState<Product | null>(null);
  const [isSent, setSent] = useState(false);
  const onAdd = useCallback((product: Product) => setAdding(product), []);
  // the agent's orders sit below the search: drawn in a second pass, so the first one (the title, the notice and
  // the search form) reaches the screen sooner on a slow phone (docs/decisions/web-loading-and-budget.md)
  const isOrdersShown = useDeferredValue(true, false);

  return (
    <Stack gap="lg">
      <Title order={1}>Order Supplies</Title>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        {SUPPLIES_MESSAGES.stockNote}
      </Alert>
      {isCheckingOut ? (
        <Suspense fallback={<Loader aria-label="Loading the checkout" />}>
          <Checkout
            onDone={stopCheckout}
            onSent={() => {
              stopCheckout();
              setStep({ name: 'search' });
              setSent(true);
            }}
          />
        </Suspense>
      ) : (
        <>
          {step.name === 'search' && (
            <ProductSearch
              value={form}
              onChange={setForm}
              onSearch={(request) => setStep({ name: 'results', request })}
            />
          )}
          <Suspense fallback={<Loader aria-label="Loading the results" />}>
            {step.name === 'results' && (
              <CarrierList
                request={step.request}
                onBack={() => setStep({ name: 'search' })}
                onViewPlans={(company) =>
                  step.request.kind === 'county' && setStep({ name: 'plans', request: step.request, company })
                }
                onAdd={onAdd}
              />
            )}
            {step.name === 'plans' && (
              <PlanTable
                request={step.request}
                company={step.company}
                onBack={() => setStep({ name: 'results', request: step.request })}
                onAdd={onAdd}
              />
            )}
          </Suspense>
          {isOrdersShown && <SupplyOrders />}
        </>
      )}
      {adding && (
        <Suspense fallback={null}>
          <AddToCartModal
            key={adding.id}
            product={adding}
            currentQty={lines.find((l) => l.productId === adding.id)?.qty}
            onClose={() => setAdding(null)}
          />
        </Suspense>
      )}
      <MessageDialog opened={isSent} title="Success" onClose={() => setSent(false)}>
        {SUPPLIES_MESSAGES.orderSent}
      </MessageDialog>
    </Stack>
  );
}

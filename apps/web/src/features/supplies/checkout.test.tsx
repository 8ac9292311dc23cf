import { SUPPLIES_MESSAGES } from '@arc/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession, SIGNED_OUT } from '../../auth/session-store.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AddToCartModal } from './add-to-cart-modal.tsx';
import { Checkout } from './checkout.tsx';

const PRODUCT = {
  id: 'ma_2027_WI_H1234_007_000',
  year: 2027,
  planname: 'Humana Gold Plus (HMO)',
  state: 'WI',
  orgname: 'Humana',
  type: 'Medicare Advantage',
  contractid: 'H1234',
  planid: '007',
};
const CART = { items: [{ qty: 2, product: PRODUCT }] };
const SUGGESTION = {
  description: '10 E Main St, Madison, WI 53703',
  streetNumber: '10',
  route: 'E Main St',
  unit: null,
  city: 'Madison',
  state: 'WI',
  postalCode: '53703',
  countyId: '55025',
  county: 'Dane County',
  latitude: 43.07,
  longitude: -89.38,
};

afterEach(() => {
  vi.unstubAllGlobals();
  setSession(SIGNED_OUT);
});

const signedIn = () => setSession({ status: 'signedIn', accessToken: 'token', idToken: 'id' });

describe('AddToCartModal', () => {
  it('asks "How many would you like?", refuses 0 and puts the quantity in the cart', async () => {
    const { calls } = mockFetch({ [`PUT /arc/agent/supplies/cart/items/${PRODUCT.id}`]: { body: CART } });
    const onClose = vi.fn();
    renderWithProviders(<AddToCartModal product={PRODUCT} onClose={onClose} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('dialog', { name: SUPPLIES_MESSAGES.addToCartTitle })).toBeInTheDocument();
    const qty = screen.getByRole('textbox', { name: 'Kit Quantity' });
    await user.clear(qty);
    await user.type(qty, '0');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(SUPPLIES_MESSAGES.kitQuantityMin)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.clear(qty);
    await user.type(qty, '2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { qty: 2 } });
  }, 20_000);
});

describe('AddToCartModal quantities', () => {
  it('refuses 1.5 as not a whole number (never 15) and 1001 as above the maximum, sending nothing', async () => {
    const { calls } = mockFetch({ [`PUT /arc/agent/supplies/cart/items/${PRODUCT.id}`]: { body: CART } });
    renderWithProviders(<AddToCartModal product={PRODUCT} onClose={vi.fn()} />);
    const user = userEvent.setup();
    const qty = await screen.findByRole('textbox', { name: 'Kit Quantity' });
    await user.clear(qty);
    await user.type(qty, '1.5');
    expect(qty).toHaveValue('1.5');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(SUPPLIES_MESSAGES.kitQuantityWhole)).toBeInTheDocument();
    await user.clear(qty);
    await user.type(qty, '1001');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText(SUPPLIES_MESSAGES.kitQuantityMax)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  }, 20_000);
});

describe('Checkout quantity change', () => {
  it("changes a line's quantity in place with PATCH, validated like Add to Cart", async () => {
    signedIn();
    const { calls } = mockFetch({
      'GET /arc/agent/supplies/cart': { body: CART },
      [`PATCH /arc/agent/supplies/cart/items/${PRODUCT.id}`]: { body: { items: [{ qty: 5, product: PRODUCT }] } },
    });
    renderWithProviders(<Checkout onDone={vi.fn()} onSent={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole(
        'button',
        { name: `2 kits of ${PRODUCT.planname}: change the quantity` },
        { timeout: 10_000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: SUPPLIES_MESSAGES.addToCartTitle });
    const qty = screen.getByRole('textbox', { name: 'Kit Quantity' });
    expect(qty).toHaveValue('2');
    await user.clear(qty);
    await user.type(qty, '0');
    await user.click(screen.getByRole('button', { name: 'Change Quantity' }));
    expect(await screen.findByText(SUPPLIES_MESSAGES.kitQuantityMin)).toBeInTheDocument();
    await user.clear(qty);
    await user.type(qty, '5');
    await user.click(screen.getByRole('button', { name: 'Change Quantity' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([expect.objectContaining({ body: { qty: 5 } })]);
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(
      await screen.findByRole('button', { name: `5 kits of ${PRODUCT.planname}: change the quantity` }),
    ).toBeInTheDocument();
  }, 30_000);
});

describe('Checkout', () => {
  it('needs a picked address, asks the Ready to Sell question, and sends one key per attempt', async () => {
    signedIn();
    const keys: string[] = [];
    const { calls } = mockFetch({
      'GET /arc/agent/supplies/cart': { body: CART },
      'GET /arc/geo/address-suggestions': { body: { suggestions: [SUGGESTION] } },
      'POST /arc/agent/supplies/orders': () => ({
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Wellcare does not ship' },
      }),
    });
    const fetchSpy = vi.mocked(fetch);
    const onSent = vi.fn();
    renderWithProviders(<Checkout onDone={vi.fn()} onSent={onSent} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('cell', { name: PRODUCT.planname })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Order' }));
    expect(await screen.findByText(SUPPLIES_MESSAGES.missingShipping)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.type(screen.getByRole('combobox', { name: 'Ship To Address' }), '10 E Main St Madison');
    await user.click(await screen.findByRole('option', { name: SUGGESTION.description }, { timeout: 5000 }));
    expect(screen.getByText(/^Ships to: 10 E Main St, Madison, WI 53703/)).toBeInTheDocument();

    // Cancel sends nothing
    await user.click(screen.getByRole('button', { name: 'Send Order' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(screen.getByRole('button', { name: 'Send Order' }));
      await user.click(await screen.findByRole('button', { name: 'OK' }));
      expect(
        await screen.findByText(`${SUPPLIES_MESSAGES.orderFailedPrefix}Wellcare does not ship`),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close' }));
    }
    for (const [input, init] of fetchSpy.mock.calls) {
      if (String(input).includes('/supplies/orders'))
        keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
    }
    expect(keys).toHaveLength(2);
    // a retry after a failure repeats the attempt's key
    expect(keys[0]).toBe(keys[1]);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      address: {
        street_number: '10',
        route: 'E Main St',
        locality: 'Madison',
        administrative_area_level_1: 'WI',
        postal_code: '53703',
        specialinstruct: '',
      },
      supplies: [{ productId: PRODUCT.id, qty: 2 }],
    });
    expect(onSent).not.toHaveBeenCalled();
  }, 30_000);
});

import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentsClientConfig, MockTestCardsResponse } from '@fluent/contracts';
import { cardsQueryKey } from '@/lib/catalog/cards';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PurchaseDialog } from './purchase-dialog';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const offline: PaymentsClientConfig = { mode: 'offline', price: { amount: 4999, currency: 'usd' } };
const cards = (paid: boolean): MockTestCardsResponse => ({ paid, cards: [] });

type Route = (init: RequestInit | undefined, call: number) => Response | Promise<Response>;

/** A gateway: each path answers with its route; every call is recorded. */
function gateway(routes: Record<string, Route>) {
  const calls: { path: string; body?: unknown }[] = [];
  const counts: Record<string, number> = {};
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    counts[path] = (counts[path] ?? 0) + 1;
    const route = routes[path];
    if (!route) return json(404, { statusCode: 404, message: `no route ${path}` });
    return route(init, counts[path]!);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, paths: () => calls.map((c) => c.path) };
}

const paying = (overrides: Record<string, Route> = {}) =>
  gateway({
    '/api/payments/config': () => json(200, offline),
    '/api/create-payment-intent': () => json(200, { clientSecret: 'pi_1_secret_x', paymentIntentId: 'pi_1' }),
    '/api/payments/test-confirm': () => json(200, { status: 'succeeded', paymentIntentId: 'pi_1' }),
    // The consumer takes a moment: the first answer is still unpaid.
    '/api/me': (_init, call) => json(200, { uid: 'u1', paidTests: call > 1 }),
    '/api/tests': () => json(200, cards(true)),
    ...overrides,
  });

async function fillCard(number = '4242 4242 4242 4242') {
  await userEvent.type(screen.getByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

function renderDialog(onClose = vi.fn(), premiumCount = 17) {
  const rendered = renderWithProviders(<PurchaseDialog open premiumCount={premiumCount} onClose={onClose} />);
  return { ...rendered, onClose, dialog: screen.getByRole('dialog') };
}

let alert: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PurchaseDialog (offline card form)', () => {
  // How many tests are premium is the catalog's answer (FREE_TEST_COUNT on the server); the dialog
  // names whatever count it is given. The dashboard's own spec checks 17 comes from the cards.
  it('names the premium count it is given and shows the card form with Pay $49.99 and Cancel', async () => {
    paying();
    const { dialog, onClose } = renderDialog(vi.fn(), 12);
    expect(within(dialog).getByText('Get access to all 12 premium tests with a one-time payment.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Pay $49.99' })).toBeTruthy();
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC']) expect(within(dialog).getByLabelText(label)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('pays: Processing..., the intent for 4999 cents, the test card, a wait until paid, then close, the alert and unlocked cards', async () => {
    const api = paying();
    const { dialog, onClose, queryClient } = renderDialog();
    await fillCard();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $49.99' }));
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Payment successful! You now have access to all premium tests.'), { timeout: 5000 });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(api.calls.find((c) => c.path === '/api/create-payment-intent')?.body).toEqual({ amount: 4999 });
    expect(api.calls.find((c) => c.path === '/api/payments/test-confirm')?.body).toEqual({
      paymentIntentId: 'pi_1',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(api.paths().filter((p) => p === '/api/me')).toHaveLength(2);
    // The grid's query now holds the unlocked cards: no reload needed.
    expect(queryClient.getQueryData<MockTestCardsResponse>(cardsQueryKey)?.paid).toBe(true);
  });

  // jsdom computes no stylesheet colours: the red itself (--danger) is checked in tests/e2e/payments.spec.ts.
  it('shows a declined card’s message as an alert in the dialog’s error style, and lets the learner try again', async () => {
    const api = paying({ '/api/payments/test-confirm': () => json(402, { statusCode: 402, message: 'Your card was declined.' }) });
    const { dialog } = renderDialog();
    await fillCard('4000 0000 0000 0002');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $49.99' }));
    const message = await within(dialog).findByRole('alert');
    expect(message.textContent).toBe('Your card was declined.');
    expect(message.className).toContain('purchase-dialog__error');
    expect(within(dialog).getByRole('button', { name: 'Pay $49.99' })).toHaveProperty('disabled', false);
    expect(alert).not.toHaveBeenCalled();
    expect(api.paths()).not.toContain('/api/me');
  });

  it("shows 'Payment failed. Please try again.' when the payment throws (server down)", async () => {
    paying({ '/api/create-payment-intent': () => json(503, { statusCode: 503, message: 'A backend service is unavailable' }) });
    const { dialog } = renderDialog();
    await fillCard();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $49.99' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Payment failed. Please try again.');
  });

  it('names the fields in error and sends nothing when the card is incomplete', async () => {
    const api = paying();
    const { dialog } = renderDialog();
    await userEvent.type(screen.getByLabelText('Card number'), '4242');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $49.99' }));
    expect(await within(dialog).findByText('Enter a card number of 12 to 19 digits')).toBeTruthy();
    expect(within(dialog).getByText('Enter the expiry as MM/YY')).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));
    expect(api.paths()).not.toContain('/api/create-payment-intent');
  });

  it('ignores Escape while a payment is under way, and closes on Escape otherwise', async () => {
    let release: () => void = () => undefined;
    paying({ '/api/payments/test-confirm': () => new Promise<Response>((resolve) => (release = () => resolve(json(402, { statusCode: 402, message: 'Your card was declined.' })))) });
    const { dialog, onClose } = renderDialog();
    await fillCard();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $49.99' }));
    await within(dialog).findByRole('button', { name: 'Processing...' });
    act(() => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(onClose).not.toHaveBeenCalled();
    release();
    await within(dialog).findByRole('alert');
    act(() => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

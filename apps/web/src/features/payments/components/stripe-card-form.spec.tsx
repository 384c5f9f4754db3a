import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PurchaseDialog } from './purchase-dialog';

// Live mode without the internet: Stripe.js and Elements are stood in for; what is checked is
// our side of them (the key, confirmCardPayment's arguments, and what its answer does).
const stripe = { confirmCardPayment: vi.fn() };
const cardElement = { kind: 'card-element' };
const loadStripe = vi.fn(async (_key: string) => stripe);
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: React.ReactNode }) => children,
  CardElement: ({ onChange }: { onChange: (event: { complete: boolean }) => void }) => (
    <button type="button" onClick={() => onChange({ complete: true })}>
      Stripe card field
    </button>
  ),
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => cardElement }),
}));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stripe.confirmCardPayment.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/payments/config') return json(200, { mode: 'live', publishableKey: 'pk_test_abc', price: { amount: 4999, currency: 'usd' } });
      if (path === '/api/create-payment-intent') return json(200, { clientSecret: 'pi_9_secret_z', paymentIntentId: 'pi_9' });
      if (path === '/api/me') return json(200, { uid: 'u1', paidTests: true });
      if (path === '/api/tests') return json(200, { paid: true, cards: [] });
      return json(404, { statusCode: 404, message: 'no route' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function payInLiveMode() {
  renderWithProviders(<PurchaseDialog open premiumCount={17} onClose={() => undefined} />);
  const dialog = screen.getByRole('dialog');
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Stripe card field' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Pay $49.99' }));
  return dialog;
}

describe('PurchaseDialog (live mode, Stripe Elements)', () => {
  it('loads Stripe with the publishable key and confirms the card on the client secret', async () => {
    stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await payInLiveMode();
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Payment successful! You now have access to all premium tests.'));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_abc');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_9_secret_z', { payment_method: { card: cardElement } });
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  // jsdom computes no stylesheet colours: the red itself (--danger) is checked in tests/e2e/payments.spec.ts.
  it("shows the error Stripe returns as an alert in the dialog's error style", async () => {
    stripe.confirmCardPayment.mockResolvedValue({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    const dialog = await payInLiveMode();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Your card has insufficient funds.');
    expect(alert.classList).toContain('purchase-dialog__error');
  });

  it("shows 'Payment failed. Please try again.' when Stripe.js throws", async () => {
    stripe.confirmCardPayment.mockRejectedValue(new Error('network'));
    const dialog = await payInLiveMode();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Payment failed. Please try again.');
  });
});

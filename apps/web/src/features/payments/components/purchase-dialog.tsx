import { lazy, Suspense, useCallback, useRef } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { priceOf, usePaymentsConfig } from '../api/payments-config';
import { usePurchase } from '../hooks/use-purchase';
import { PAYMENT_SUCCESS_MESSAGE } from '../messages';
import { TestCardForm } from './test-card-form';
import './purchase-dialog.css';

// Live mode only: Stripe Elements and Stripe.js are never loaded offline.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

export interface PurchaseDialogProps {
  open: boolean;
  /** How many tests the payment unlocks (17 with the default configuration). */
  premiumCount: number;
  onClose: () => void;
}

/**
 * The premium purchase dialog (the app's Dialog: Escape cancels, except while a payment is under way).
 * Paying: a PaymentIntent for the server's price, the card confirmed (Stripe Elements in live
 * mode, the test-card form offline), then a wait until the learner shows as paid; then the dialog
 * closes, the success alert of docs/product.md#payment shows and the cards are already unlocked in the grid.
 */
export function PurchaseDialog({ open, premiumCount, onClose }: PurchaseDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const config = usePaymentsConfig(open);
  const price = priceOf(config.data);

  const succeeded = useCallback(() => {
    // Closed first (its close event tells the parent), then the alert, which blocks the page until dismissed.
    dialog.current?.close();
    window.alert(PAYMENT_SUCCESS_MESSAGE);
  }, []);
  const { state, pay, reset } = usePurchase({ amount: price.amount, onSucceeded: succeeded });
  const processing = state.status === 'processing';

  const cancel = () => {
    if (!processing) onClose();
  };
  const actions = { amount: price.amount, status: state.status, onCancel: cancel, onPay: (confirm: Parameters<typeof pay>[0]) => void pay(confirm) };

  return (
    <Dialog
      ref={dialog}
      open={open}
      onOpen={reset}
      onCancel={cancel}
      onClose={onClose}
      className="purchase-dialog"
      aria-labelledby="purchase-title"
      aria-describedby="purchase-text"
    >
      <h2 id="purchase-title">Unlock premium tests</h2>
      <p id="purchase-text">Get access to all {premiumCount} premium tests with a one-time payment.</p>
      {/* role="alert": the error (the provider's or ours) is read out as it appears. */}
      {state.status === 'error' ? (
        <p className="purchase-dialog__error" role="alert">
          {state.message}
        </p>
      ) : null}
      {/* A fresh form on every opening: nothing typed last time stays in the fields. */}
      {open ? (
        config.data?.mode === 'live' && config.data.publishableKey ? (
          <Suspense fallback={<Spinner label="Loading the card form…" />}>
            <StripeCardForm publishableKey={config.data.publishableKey} {...actions} />
          </Suspense>
        ) : (
          <TestCardForm {...actions} />
        )
      ) : null}
    </Dialog>
  );
}

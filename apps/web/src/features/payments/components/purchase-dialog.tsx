import { lazy, Suspense, useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { priceOf, usePaymentsConfig } from '../api/payments-config';
import { usePurchase } from '../hooks/use-purchase';
import { PAYMENT_SUCCESS_MESSAGE } from '../messages';
import { TestCardForm } from './test-card-form';
import './purchase-dialog.css';

// Live mode only: Stripe Elements and Stripe.js are never loaded offline.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], iframe, [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog> makes the page behind it inert, but Tab past its last control leaves for the
 * browser's own toolbar; this wraps Tab and Shift+Tab around inside the dialog instead.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export interface PurchaseDialogProps {
  open: boolean;
  /** How many tests the payment unlocks (17 with the default configuration). */
  premiumCount: number;
  onClose: () => void;
}

/**
 * The premium purchase dialog. A native modal <dialog>: the browser keeps focus inside it, makes
 * the page behind inert and turns Escape into a cancel (ignored while a payment is under way);
 * Tab wraps around inside it.
 * Paying: a PaymentIntent for the server's price, the card confirmed (Stripe Elements in live
 * mode, the test-card form offline), then a wait until the learner shows as paid; then the dialog
 * closes, SPEC.md's alert shows and the cards are already unlocked in the grid.
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

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      reset();
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open, reset]);

  const cancel = () => {
    if (!processing) onClose();
  };
  const actions = { amount: price.amount, status: state.status, onCancel: cancel, onPay: (confirm: Parameters<typeof pay>[0]) => void pay(confirm) };

  return (
    <dialog
      ref={dialog}
      className="purchase-dialog"
      aria-labelledby="purchase-title"
      aria-describedby="purchase-text"
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      // However it closed (Chrome may close without a cancel event on a repeated Escape), the state follows.
      onClose={onClose}
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
    </dialog>
  );
}

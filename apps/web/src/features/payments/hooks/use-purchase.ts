import { useCallback, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PaymentErrors, type CreatePaymentIntentResponse } from '@fluent/contracts';
import { ApiError } from '@/lib/api-client';
import { cardsQueryKey, getCards } from '@/lib/catalog/cards';
import { getLearner } from '@/lib/learner';
import { createPaymentIntent } from '../api/create-payment-intent';
import { PAYMENT_FAILED_MESSAGE, UNLOCK_TIMEOUT_MESSAGE } from '../messages';
import { pollUntil, PollTimeoutError, type PollOptions } from '../utils/poll-until';

/** What the card provider said: the payment went through, or its message (a decline, a wrong CVC…). */
export type CardConfirmation = { ok: true } | { ok: false; message: string };

/** Confirms the card payment of a PaymentIntent: Stripe Elements in live mode, the test-card endpoint offline. */
export type ConfirmCard = (intent: CreatePaymentIntentResponse) => Promise<CardConfirmation>;

/** docs/product.md#payment: idle → processing ('Processing...') → success or error. */
export type PurchaseState = { status: 'idle' } | { status: 'processing' } | { status: 'succeeded' } | { status: 'error'; message: string };

/**
 * The learner is unlocked once auth-service shows paidTests and the catalog shows the entitlement
 * (each applies payment.succeeded from its own durable consumer, so one may be a moment behind the
 * other). Fetching the cards also puts the unlocked cards in react-query's cache: the grid shows
 * them without a reload.
 */
export async function waitUntilUnlocked(queryClient: QueryClient, options?: PollOptions): Promise<void> {
  // The polling's own clock (a test's, or the real one): one deadline across both waits.
  const now = options?.now ?? Date.now;
  const started = now();
  await pollUntil(getLearner, (user) => user.paidTests === true, options);
  const left = (options?.timeoutMs ?? 45_000) - (now() - started);
  await pollUntil(
    () => queryClient.fetchQuery({ queryKey: cardsQueryKey, queryFn: getCards, staleTime: 0 }),
    (cards) => cards.paid,
    { ...options, timeoutMs: Math.max(left, 1000) },
  );
}

export function usePurchase({ amount, onSucceeded, poll }: { amount: number; onSucceeded: () => void; poll?: PollOptions }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PurchaseState>({ status: 'idle' });
  // One purchase at a time: a second submit while one is running is ignored.
  const running = useRef(false);

  const pay = useCallback(
    async (confirm: ConfirmCard) => {
      if (running.current) return;
      running.current = true;
      setState({ status: 'processing' });
      try {
        const intent = await createPaymentIntent(amount);
        const confirmation = await confirm(intent);
        if (!confirmation.ok) {
          setState({ status: 'error', message: confirmation.message });
          return;
        }
        await waitUntilUnlocked(queryClient, poll);
        setState({ status: 'succeeded' });
        onSucceeded();
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // Paid already (another tab, or a dashboard loaded before the payment): show the cards as they are.
          void queryClient.invalidateQueries({ queryKey: cardsQueryKey });
          setState({ status: 'error', message: PaymentErrors.alreadyPaid });
        } else if (error instanceof PollTimeoutError) {
          setState({ status: 'error', message: UNLOCK_TIMEOUT_MESSAGE });
        } else {
          setState({ status: 'error', message: PAYMENT_FAILED_MESSAGE });
        }
      } finally {
        running.current = false;
      }
    },
    [amount, onSucceeded, poll, queryClient],
  );

  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, pay, reset };
}

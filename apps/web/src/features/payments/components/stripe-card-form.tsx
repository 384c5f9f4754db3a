import { useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { ConfirmCard } from '../hooks/use-purchase';
import { PaymentActions, type PaymentActionsProps } from './payment-actions';

type StripeCardFormProps = Omit<PaymentActionsProps, 'submitting'> & { publishableKey: string; onPay: (confirm: ConfirmCard) => void };

// Stripe.js is fetched from Stripe (the provider's script address, docs/product.md#payment) only here: this module
// is loaded lazily and only in live mode, and the `pure` entry does not inject the script on import.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/** Live mode: Stripe Elements' card field, confirmed with confirmCardPayment on the PaymentIntent's client secret. */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ onPay, ...actions }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [cardError, setCardError] = useState<string>();
  const processing = actions.status === 'processing';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || processing) return;
    onPay(async (intent) => {
      const result = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
      if (result.error) return { ok: false, message: result.error.message ?? 'Your card could not be charged.' };
      // 'succeeded' (or 'processing', which Stripe settles by itself): the webhook does the rest.
      return { ok: true };
    });
  };

  return (
    <form className="purchase-form" onSubmit={submit} aria-busy={processing}>
      <div className="field">
        <span id="stripe-card-label" className="purchase-form__label">
          Card details
        </span>
        <div className="purchase-form__card" aria-labelledby="stripe-card-label">
          <CardElement
            options={{ disabled: processing, hidePostalCode: true }}
            onChange={(event) => {
              setComplete(event.complete);
              setCardError(event.error?.message);
            }}
          />
        </div>
        {cardError ? <small className="field-error">{cardError}</small> : null}
      </div>
      <PaymentActions {...actions} submitting={processing} payDisabled={!stripe || !complete} />
    </form>
  );
}

import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { testCardPaymentSchema, validationErrorBody } from '@fluent/contracts';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { confirmTestCard } from '../api/confirm-test-card';
import type { ConfirmCard } from '../hooks/use-purchase';
import { PaymentActions, type PaymentActionsProps } from './payment-actions';

const cardFields = testCardPaymentSchema.pick({ cardNumber: true, expiry: true, cvc: true });
type Field = 'cardNumber' | 'expiry' | 'cvc';

/**
 * Offline mode's card form (no Stripe keys, nothing loaded from Stripe): number, expiry and CVC,
 * confirmed by the server against Stripe's test card numbers. A declined card's message comes back
 * as the provider's message; anything else thrown is the dialog's generic failure.
 */
export function TestCardForm({ onPay, ...actions }: Omit<PaymentActionsProps, 'submitting'> & { onPay: (confirm: ConfirmCard) => void }) {
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const processing = actions.status === 'processing';

  // After a refused submit, the first field in error gets the focus (its message is read with it).
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    const checked = cardFields.safeParse(card);
    if (!checked.success) {
      setErrors(validationErrorBody(checked.error).errors as Partial<Record<Field, string>>);
      return;
    }
    setErrors({});
    onPay(async (intent) => {
      try {
        await confirmTestCard({ paymentIntentId: intent.paymentIntentId, ...card });
        return { ok: true };
      } catch (error) {
        // 402: the card was declined; 400: the server refused a field. Both are the provider's answer.
        if (error instanceof ApiError && (error.status === 402 || error.status === 400)) return { ok: false, message: error.message };
        throw error;
      }
    });
  };

  const field = (name: Field) => ({
    name,
    value: card[name],
    error: errors[name],
    disabled: processing,
    required: true,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setCard((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form ref={form} className="purchase-form" onSubmit={submit} noValidate aria-busy={processing}>
      <p className="purchase-form__mode">Test mode: pay with 4242 4242 4242 4242, any future expiry and any CVC. No real card is charged.</p>
      <TextField label="Card number" inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" maxLength={23} {...field('cardNumber')} />
      <div className="purchase-form__row">
        <TextField label="Expiry (MM/YY)" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={7} {...field('expiry')} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...field('cvc')} />
      </div>
      <PaymentActions {...actions} submitting={processing} />
    </form>
  );
}

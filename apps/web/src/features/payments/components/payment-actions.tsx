import { formatPrice } from '@fluent/contracts';
import type { PurchaseState } from '../hooks/use-purchase';

export interface PaymentActionsProps {
  amount: number;
  status: PurchaseState['status'];
  submitting: boolean;
  onCancel: () => void;
  /** Elements not ready yet (live mode). */
  payDisabled?: boolean;
}

/** 'Pay $49.99' (or 'Processing...' while the payment runs) and Cancel, shared by both card forms. */
export function PaymentActions({ amount, submitting, onCancel, payDisabled = false }: PaymentActionsProps) {
  return (
    <div className="purchase-dialog__actions">
      <button type="submit" className="button primary" disabled={submitting || payDisabled}>
        {submitting ? 'Processing...' : `Pay ${formatPrice(amount)}`}
      </button>
      {/* A payment under way cannot be abandoned half-way: Cancel waits for its outcome. */}
      <button type="button" className="button" onClick={onCancel} disabled={submitting}>
        Cancel
      </button>
    </div>
  );
}

import { formatPrice } from '@fluent/contracts';
import type { PurchaseState } from '../hooks/use-purchase';
import { Button } from '@/components/ui/button';

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
      <Button type="submit" variant="primary" disabled={submitting || payDisabled}>
        {submitting ? 'Processing...' : `Pay ${formatPrice(amount)}`}
      </Button>
      {/* A payment under way cannot be abandoned half-way: Cancel waits for its outcome. */}
      <Button onClick={onCancel} disabled={submitting}>
        Cancel
      </Button>
    </div>
  );
}

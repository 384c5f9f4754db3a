import { useEffect, useRef } from 'react';
import { formatPrice, PREMIUM_PRICE_CENTS } from '@fluent/contracts';
import './purchase-dialog.css';

export interface PurchaseDialogProps {
  open: boolean;
  /** How many tests the payment unlocks (17 with the default configuration). */
  premiumCount: number;
  onClose: () => void;
}

/**
 * The premium purchase dialog. A native modal <dialog>: the browser keeps focus inside it, makes
 * the page behind inert and turns Escape into a cancel.
 */
export function PurchaseDialog({ open, premiumCount, onClose }: PurchaseDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="purchase-dialog"
      aria-labelledby="purchase-title"
      aria-describedby="purchase-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="purchase-title">Unlock premium tests</h2>
      <p id="purchase-text">Get access to all {premiumCount} premium tests with a one-time payment.</p>
      <div className="purchase-dialog__actions">
        <button type="button" className="button primary" disabled>
          Pay {formatPrice(PREMIUM_PRICE_CENTS)}
        </button>
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

import { CLAIM_ORDER_BUTTON, CLAIM_ORDER_SENT, UNLISTED_ORDER_NOTE } from '@fluent/contracts';
import { Button } from '@/components/ui/button';
import { useReportItem } from '../api/report-item';
import './claim-order.css';

/**
 * Under a jumbled answer that uses all the item's words in an order we do not accept yet: says so,
 * and files an item report with the learner's order in one tap (the server takes the order from
 * the stored attempt; docs/development.md#learners-correct-the-bank).
 */
export function ClaimOrder({ attemptId, itemId, itemLabel }: { attemptId: string; itemId: number; itemLabel: string }) {
  const mutation = useReportItem(attemptId);
  return (
    <div className="claim-order">
      <p className="claim-order__note">{UNLISTED_ORDER_NOTE}</p>
      {mutation.isSuccess ? (
        <p className="claim-order__sent" role="status">
          {CLAIM_ORDER_SENT}
        </p>
      ) : (
        <Button
          className="claim-order__button"
          aria-label={`${CLAIM_ORDER_BUTTON} (${itemLabel})`}
          disabled={mutation.isPending}
          onClick={() => mutation.mutate({ section: 'jumbled', itemId, reason: 'answer-should-be-accepted', comment: '' })}
        >
          {mutation.isPending ? 'Sending...' : CLAIM_ORDER_BUTTON}
        </Button>
      )}
      {mutation.isError ? (
        <p className="claim-order__error" role="alert">
          {mutation.error.message}
        </p>
      ) : null}
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { ITEM_REPORT_COMMENT_MAX, ITEM_REPORT_REASON_LABELS, ITEM_REPORT_REASONS, type ItemReportReason, type ReportableSection } from '@fluent/contracts';
import { useReportItem } from '../api/report-item';
import { Button } from '@/components/ui/button';

interface ReportProblemProps {
  attemptId: string;
  section: ReportableSection;
  itemId: number;
  /** Names the item for assistive technology, e.g. "Jumbled Words question 3". */
  itemLabel: string;
}

/**
 * "Report a problem" under an item of the results: a reason, an optional note, and a thank-you
 * once stored. The server takes the learner's answer from the stored attempt.
 */
export function ReportProblem({ attemptId, section, itemId, itemLabel }: ReportProblemProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ItemReportReason | null>(null);
  const [comment, setComment] = useState('');
  const mutation = useReportItem(attemptId);
  const id = useId();

  if (mutation.isSuccess) {
    return (
      <p className="report-problem__done" role="status">
        {mutation.data.message}
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" className="report-problem__toggle" aria-label={`Report a problem with ${itemLabel}`} onClick={() => setOpen(true)}>
        Report a problem
      </button>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) mutation.mutate({ section, itemId, reason, comment: comment.trim() });
  };
  return (
    <form className="report-problem" onSubmit={submit} aria-label={`Report a problem with ${itemLabel}`}>
      <fieldset>
        <legend>What is wrong?</legend>
        {ITEM_REPORT_REASONS.map((r) => (
          <label key={r} className="report-problem__reason">
            <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
            {ITEM_REPORT_REASON_LABELS[r]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-comment`}>Anything else? (optional)</label>
      <textarea id={`${id}-comment`} value={comment} maxLength={ITEM_REPORT_COMMENT_MAX} rows={2} onChange={(e) => setComment(e.target.value)} />
      {mutation.isError ? (
        <p className="report-problem__error" role="alert">
          {mutation.error.message}
        </p>
      ) : null}
      <div className="report-problem__actions">
        <Button type="submit" variant="primary" disabled={!reason || mutation.isPending}>
          {mutation.isPending ? 'Sending...' : 'Send report'}
        </Button>
        <Button onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

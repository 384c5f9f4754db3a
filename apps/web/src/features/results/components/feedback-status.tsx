import { FEEDBACK_PENDING_MESSAGE } from '@fluent/contracts';

export type FeedbackState = 'pending' | 'unavailable';

/** While feedback-service prepares the feedback (polled with backoff), or when it cannot be had. */
export function FeedbackStatus({ state }: { state: FeedbackState }) {
  return state === 'pending' ? (
    <p className="feedback-pending" role="status">
      <span className="feedback-pending__dot" aria-hidden="true" /> {FEEDBACK_PENDING_MESSAGE}
    </p>
  ) : (
    <p className="feedback-note">Writing feedback is not available for this attempt.</p>
  );
}

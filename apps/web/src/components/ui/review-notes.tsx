import { acceptedAfterReviewNote, type ReviewNote } from '@fluent/contracts';
import './review-notes.css';

/**
 * The changes to an attempt's score after review ("Your answer to item 7 was accepted after
 * review: +1"), on the results page and the dashboard; nothing when there were none.
 */
export function ReviewNotes({ reviews, className = 'review-notes' }: { reviews?: ReviewNote[]; className?: string }) {
  if (!reviews?.length) return null;
  return (
    <ul className={className} aria-label="Accepted after review">
      {reviews.map((review) => (
        <li key={`${review.section}:${review.itemId}`}>{acceptedAfterReviewNote(review.itemNumber, review.points)}</li>
      ))}
    </ul>
  );
}

import { Counter, Histogram } from 'prom-client';

/** Cards really inserted (a redelivered event's upsert that finds its card is not counted), by kind. */
export const practiceCardsCreated = new Counter({
  name: 'fluent_practice_cards_created_total',
  help: 'Practice cards created from attempts and writing feedback (new cards only, not redelivered upserts), by kind',
  labelNames: ['kind'] as const,
});

/** Reviews stored, by card kind and FSRS grade (again, good, easy). */
export const practiceReviews = new Counter({
  name: 'fluent_practice_reviews_total',
  help: 'Practice card reviews, by card kind and grade (again = wrong, good = right, easy = right and fast)',
  labelNames: ['kind', 'grade'] as const,
});

/** The due count GET /api/practice served: a histogram, since a per-learner gauge would be unbounded. */
export const practiceDueCards = new Histogram({
  name: 'fluent_practice_due_cards',
  help: 'Cards due today per progress read (GET /api/practice)',
  buckets: [0, 1, 5, 10, 20, 50, 100, 200, 500],
});

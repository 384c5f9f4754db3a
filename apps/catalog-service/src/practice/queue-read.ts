import { PRACTICE_CARDS_LIMIT_MAX } from '@fluent/contracts';

/**
 * How many due cards the queue read brings back at most (issue 47). FerretDB v1 pushes only the
 * equalities of the queue's filter down to PostgreSQL: it decodes every unlearnt card of the
 * learner, then bounds the due date, sorts and limits in Go, so a separate count decoded them all a
 * second time (measured: two reads of 70 cards, 75 requests a second at 10 connections; one read,
 * 137). One read of the due cards up to this cap gives both the first cards and, when fewer than
 * the cap come back, their number. The cap keeps the read bounded on MongoDB (an index range of at
 * most this many entries); a queue this long or longer is counted separately. Twice the largest
 * session, so a session is always whole.
 */
export const QUEUE_READ_CAP = 2 * PRACTICE_CARDS_LIMIT_MAX;

/** What one queue read (due cards, most overdue first, at most QUEUE_READ_CAP) tells. */
export interface QueueRead<T> {
  /** The first `limit` of them: the session. */
  first: T[];
  /** How many are due; undefined when the read reached the cap and there may be more (count them). */
  dueCount: number | undefined;
}

export function queueFromRead<T>(due: readonly T[], limit: number): QueueRead<T> {
  return { first: due.slice(0, limit), dueCount: due.length < QUEUE_READ_CAP ? due.length : undefined };
}

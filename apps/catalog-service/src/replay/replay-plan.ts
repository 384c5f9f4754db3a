import { attemptSubmittedEventSchema, EventSubjects, type AttemptSubmittedEvent } from '@fluent/contracts';
import type { StoredDeadLetter } from '@fluent/server-kit';

/** An attempt catalog-service stored (the `attempts` collection), as read for a replay. */
export interface StoredAttemptRecord {
  _id: string;
  uid: string;
  testId: number;
  submittedAt: Date;
}

export interface AttemptReplayPlan {
  /** Every attempt to announce again, once each, oldest first. */
  events: AttemptSubmittedEvent[];
  /** Dead letters of attempt.submitted that are no attempt event (they broke the schema): reported, never published. */
  malformed: StoredDeadLetter[];
  /** Letters that do not match an attempt catalog-service stored: reported with the reason, never published. */
  refused: { letter: StoredDeadLetter; attemptId: string; reason: string }[];
}

/**
 * Why a dead-lettered attempt event is not one of catalog-service's own attempts, if it is not. A
 * letter is a copy anyone who could write the dead-letter subject may have forged; what is
 * announced again is always built from catalog-service's record, never from the letter.
 */
export function attemptLetterMismatch(event: AttemptSubmittedEvent, stored: StoredAttemptRecord | undefined): string | undefined {
  if (!stored) return 'catalog-service stored no such attempt';
  if (stored.uid !== event.uid) return `the attempt belongs to another learner (${stored.uid})`;
  if (stored.testId !== event.testId) return `the attempt is of Test ${stored.testId}, the letter says Test ${event.testId}`;
  return undefined;
}

const eventOf = (stored: StoredAttemptRecord): AttemptSubmittedEvent => ({
  attemptId: stored._id,
  uid: stored.uid,
  testId: stored.testId,
  at: stored.submittedAt.toISOString(),
});

/**
 * What replay-attempts announces again: every attempt.submitted a consumer dead-lettered that
 * matches an attempt catalog-service stored (`byId`, read by the letters' ids), and every attempt
 * stored in the window the operator named (`storedSince`: attempts whose announcement was lost
 * with the process that was retrying it). Once per attempt. Letters of other subjects are none of
 * its business.
 */
export function planAttemptReplay(
  letters: StoredDeadLetter[],
  byId: ReadonlyMap<string, StoredAttemptRecord>,
  storedSince: StoredAttemptRecord[] = [],
): AttemptReplayPlan {
  const events = new Map<string, AttemptSubmittedEvent>();
  const malformed: StoredDeadLetter[] = [];
  const refused: AttemptReplayPlan['refused'] = [];
  for (const stored of letters) {
    if (stored.letter.subject !== EventSubjects.attemptSubmitted) continue;
    const parsed = attemptSubmittedEventSchema.safeParse(stored.letter.data);
    if (!parsed.success) {
      malformed.push(stored);
      continue;
    }
    const record = byId.get(parsed.data.attemptId);
    const mismatch = attemptLetterMismatch(parsed.data, record);
    if (mismatch || !record) {
      refused.push({ letter: stored, attemptId: parsed.data.attemptId, reason: mismatch ?? 'catalog-service stored no such attempt' });
      continue;
    }
    events.set(record._id, eventOf(record));
  }
  for (const record of storedSince) events.set(record._id, eventOf(record));
  const ordered = [...events.values()].sort((a, b) => a.at.localeCompare(b.at) || a.attemptId.localeCompare(b.attemptId));
  return { events: ordered, malformed, refused };
}

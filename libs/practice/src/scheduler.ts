import { createEmptyCard, fsrs, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { MissedItemSection, PracticeCard, PracticeSchedule, ScheduleState } from '@fluent/contracts';

/**
 * The FSRS scheduler (ts-fsrs) behind practice cards: a wrong answer is Again, a right one Good,
 * a right and fast one Easy. Every function takes the time as an argument, never the wall clock.
 *
 * Parameters: ts-fsrs's defaults (FSRS-6 weights, 90 % requested retention) except two.
 * - No short-term (minute) learning steps: learners practise in a short daily session, so a card
 *   answered wrong comes back the next day, not in ten minutes while its answer is still on screen.
 *   A new card is due at once, so a test's mistakes can be practised the day they are made.
 * - No fuzz: due dates follow from the answers alone, so the integration test can predict them
 *   and a learner's two cards answered alike stay together. (Fuzz spreads a large deck's reviews;
 *   a deck of one learner's mistakes is small.)
 */
const scheduler = fsrs({ enable_fuzz: false, enable_short_term: false });

/**
 * A card is learnt (it leaves the queue) once its stability reaches 21 days: FSRS then expects 90 %
 * recall three weeks after the last review. 21 days is the line Anki draws between "young" and
 * "mature" cards, the common convention for "known". With the default weights a card answered
 * right (Good) every time gets there at its third review, on day 17 (stability 2.3, 13.8, then 57
 * days), so a mistake leaves the queue within weeks rather than lingering once it is known, and
 * never after a single lucky answer.
 */
export const LEARNT_STABILITY_DAYS = 21;

/**
 * The time under which a right answer counts as fast (Easy), by what is asked. A test gives 30 s
 * a question; a learner who answers in a small share of that knew it rather than worked it out.
 * - sentence and fill: one word or a short phrase (fill: one of three options): 8 s and 6 s.
 * - jumbled: placing 5 to 14 words takes longer even when known: 20 s.
 * - a sentence to fix: reading the explanation and retyping the sentence: 40 s.
 * - a mistyped word: typing one short word at a learner's ordinary speed (about 40 WPM, 1.5 s a
 *   word) with a moment to start: 3 s a word.
 */
export const FAST_MS: Readonly<Record<MissedItemSection | 'fix-sentence' | 'mistyped-words', number>> = {
  sentence: 8_000,
  fill: 6_000,
  jumbled: 20_000,
  'fix-sentence': 40_000,
  'mistyped-words': 3_000,
};

/** The time under which a right answer to this card is fast. */
export function fastLimitMs(card: Pick<PracticeCard, 'kind'> & { section?: string }): number {
  if (card.kind === 'missed-item') return FAST_MS[card.section as MissedItemSection];
  return FAST_MS[card.kind];
}

/** How a review went: right or wrong, and how long the learner took (ms). */
export interface ReviewOutcome {
  correct: boolean;
  elapsedMs: number;
}

export type PracticeGrade = 'again' | 'good' | 'easy';

/** Wrong → Again; right → Good; right within the card's fast limit → Easy. */
export function gradeOf(outcome: ReviewOutcome, fastLimit: number): PracticeGrade {
  if (!outcome.correct) return 'again';
  return outcome.elapsedMs >= 0 && outcome.elapsedMs < fastLimit ? 'easy' : 'good';
}

const RATINGS: Readonly<Record<PracticeGrade, Grade>> = { again: Rating.Again, good: Rating.Good, easy: Rating.Easy };
const STATE_NAMES: Readonly<Record<State, ScheduleState>> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATES: Readonly<Record<ScheduleState, State>> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };

function toSchedule(card: Card): PracticeSchedule {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_NAMES[card.state],
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

function toCard(schedule: PracticeSchedule): Card {
  const lastReview = schedule.lastReview === null ? undefined : new Date(schedule.lastReview);
  return {
    due: new Date(schedule.due),
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    // Deprecated in ts-fsrs 5 and recomputed from last_review on every review.
    elapsed_days: 0,
    scheduled_days: schedule.scheduledDays,
    learning_steps: schedule.learningSteps,
    reps: schedule.reps,
    lapses: schedule.lapses,
    state: STATES[schedule.state],
    ...(lastReview ? { last_review: lastReview } : {}),
  };
}

/** A new card's schedule: due at `now`, so it can be practised at once. */
export function newSchedule(now: Date): PracticeSchedule {
  return toSchedule(createEmptyCard(now));
}

/** The schedule after one review at `now`, and the grade it was given. */
export function review(schedule: PracticeSchedule, grade: PracticeGrade, now: Date): { schedule: PracticeSchedule; grade: PracticeGrade } {
  const { card } = scheduler.next(toCard(schedule), now, RATINGS[grade]);
  return { schedule: toSchedule(card), grade };
}

/** Grades a review of `card` from its outcome (fast per the card's kind) and schedules it. */
export function reviewCard(card: Pick<PracticeCard, 'kind'> & { section?: string }, schedule: PracticeSchedule, outcome: ReviewOutcome, now: Date) {
  return review(schedule, gradeOf(outcome, fastLimitMs(card)), now);
}

/** Stable enough to leave the queue (see LEARNT_STABILITY_DAYS); a lapse brings it back. */
export function isLearnt(schedule: Pick<PracticeSchedule, 'stability' | 'state'>): boolean {
  return schedule.state === 'review' && schedule.stability >= LEARNT_STABILITY_DAYS;
}

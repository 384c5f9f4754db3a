import { describe, expect, it } from 'vitest';
import { practiceScheduleSchema, type PracticeSchedule } from '@fluent/contracts';
import { FAST_MS, fastLimitMs, gradeOf, isLearnt, LEARNT_STABILITY_DAYS, newSchedule, review, reviewCard } from './scheduler';

const NOW = new Date('2026-11-26T09:00:00.000Z');
const DAY_MS = 86_400_000;
const daysAfter = (iso: string, from: Date) => (Date.parse(iso) - from.getTime()) / DAY_MS;

describe('newSchedule', () => {
  it('is due at once, never reviewed, and plain JSON that the contract schema accepts', () => {
    const schedule = newSchedule(NOW);
    expect(schedule).toEqual({ due: NOW.toISOString(), stability: 0, difficulty: 0, scheduledDays: 0, learningSteps: 0, reps: 0, lapses: 0, state: 'new', lastReview: null });
    expect(practiceScheduleSchema.parse(schedule)).toEqual(schedule);
  });
});

describe('gradeOf', () => {
  it('wrong is Again, right is Good, right under the fast limit is Easy', () => {
    expect(gradeOf({ correct: false, elapsedMs: 100 }, 8000)).toBe('again');
    expect(gradeOf({ correct: true, elapsedMs: 8000 }, 8000)).toBe('good');
    expect(gradeOf({ correct: true, elapsedMs: 7999 }, 8000)).toBe('easy');
  });

  it('takes the fast limit from the card: its section for a missed item, else its kind', () => {
    expect(fastLimitMs({ kind: 'missed-item', section: 'jumbled' })).toBe(FAST_MS.jumbled);
    expect(fastLimitMs({ kind: 'missed-item', section: 'fill' })).toBe(FAST_MS.fill);
    expect(fastLimitMs({ kind: 'fix-sentence' })).toBe(FAST_MS['fix-sentence']);
    expect(fastLimitMs({ kind: 'mistyped-words' })).toBe(FAST_MS['mistyped-words']);
  });
});

describe('review (FSRS-6 defaults, no short-term steps, no fuzz)', () => {
  it('moves a new card by the grade: Again tomorrow, Good in 3 days, Easy in 8', () => {
    const start = newSchedule(NOW);
    expect(daysAfter(review(start, 'again', NOW).schedule.due, NOW)).toBe(1);
    expect(daysAfter(review(start, 'good', NOW).schedule.due, NOW)).toBe(3);
    expect(daysAfter(review(start, 'easy', NOW).schedule.due, NOW)).toBe(8);
  });

  it('records the review: reps, last review, state, and a lapse when a known card is answered wrong', () => {
    const { schedule: once } = review(newSchedule(NOW), 'good', NOW);
    expect(once).toMatchObject({ reps: 1, lapses: 0, state: 'review', lastReview: NOW.toISOString(), scheduledDays: 3 });
    const later = new Date(once.due);
    const { schedule: lapsed } = review(once, 'again', later);
    // Without short-term steps FSRS keeps a lapsed card in review, with a lower stability, due tomorrow.
    expect(lapsed).toMatchObject({ reps: 2, lapses: 1, state: 'review', lastReview: later.toISOString() });
    expect(daysAfter(lapsed.due, later)).toBe(1);
    expect(lapsed.stability).toBeLessThan(once.stability);
  });

  it('reads back what it wrote: a schedule through JSON schedules exactly as the original', () => {
    let schedule: PracticeSchedule = newSchedule(NOW);
    let at = NOW;
    for (const grade of ['good', 'again', 'good', 'easy'] as const) {
      const direct = review(schedule, grade, at).schedule;
      const viaJson = review(JSON.parse(JSON.stringify(schedule)) as PracticeSchedule, grade, at).schedule;
      expect(viaJson).toEqual(direct);
      expect(practiceScheduleSchema.parse(direct)).toEqual(direct);
      schedule = direct;
      at = new Date(direct.due);
    }
  });

  it('grades a card review from its outcome: fast and right on a fill is Easy, slow is Good', () => {
    const card = { kind: 'missed-item' as const, section: 'fill' };
    const start = newSchedule(NOW);
    expect(reviewCard(card, start, { correct: true, elapsedMs: FAST_MS.fill - 1 }, NOW)).toEqual(review(start, 'easy', NOW));
    expect(reviewCard(card, start, { correct: true, elapsedMs: FAST_MS.fill }, NOW)).toEqual(review(start, 'good', NOW));
    expect(reviewCard(card, start, { correct: false, elapsedMs: 10 }, NOW)).toEqual(review(start, 'again', NOW));
  });
});

describe('isLearnt', () => {
  it(`is learnt at the review that takes stability to ${LEARNT_STABILITY_DAYS} days: the third Good in a row`, () => {
    let schedule = newSchedule(NOW);
    const learnt: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      schedule = review(schedule, 'good', new Date(schedule.due)).schedule;
      learnt.push(isLearnt(schedule));
    }
    expect(learnt).toEqual([false, false, true]);
  });

  it('draws the line at the threshold, and only for a card in review', () => {
    expect(isLearnt({ state: 'review', stability: LEARNT_STABILITY_DAYS })).toBe(true);
    expect(isLearnt({ state: 'review', stability: LEARNT_STABILITY_DAYS - 0.01 })).toBe(false);
    expect(isLearnt({ state: 'relearning', stability: 100 })).toBe(false);
    expect(isLearnt({ state: 'new', stability: 0 })).toBe(false);
  });
});

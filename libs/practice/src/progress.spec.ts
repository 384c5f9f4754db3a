import { describe, expect, it } from 'vitest';
import type { PracticeSchedule, Skill } from '@fluent/contracts';
import { dayKeyAtOffset } from './learner-day';
import { dueToday, learntBySkill, practiceProgress, previousDay, reviewedToday, streak, type ProgressCard } from './progress';
import { LEARNT_STABILITY_DAYS } from './scheduler';

const UTC = dayKeyAtOffset(0);
const NOW = new Date('2026-11-26T21:30:00.000Z');
const at = (iso: string) => new Date(iso);

const card = (skill: Skill, due: string, schedule: Partial<Pick<PracticeSchedule, 'stability' | 'state'>> = {}): ProgressCard => ({
  skill,
  schedule: { due, stability: 1, state: 'review', ...schedule },
});
const learnt = { stability: LEARNT_STABILITY_DAYS, state: 'review' as const };

describe('previousDay', () => {
  it('steps back across month and year ends', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });
});

describe('dueToday', () => {
  it('counts cards due by the end of the learner today, not later ones and not learnt ones', () => {
    const cards = [
      card('grammar', '2026-11-20T08:00:00Z'),
      card('grammar', '2026-11-26T23:59:00Z'),
      card('vocabulary', '2026-11-27T00:00:00Z'),
      card('reading', '2026-11-01T00:00:00Z', learnt),
    ];
    expect(dueToday(cards, NOW, UTC)).toBe(2);
    // Three hours east it is already the 27th there: the card due at midnight UTC is due today too.
    expect(dueToday(cards, NOW, dayKeyAtOffset(180))).toBe(3);
  });
});

describe('reviewedToday', () => {
  it('counts the reviews made in the learner today', () => {
    const reviews = [at('2026-11-26T00:10:00Z'), at('2026-11-26T21:00:00Z'), at('2026-11-25T23:50:00Z')];
    expect(reviewedToday(reviews, NOW, UTC)).toBe(2);
    // An hour east, the review at 23:50 UTC on the 25th was made at 00:50 on the 26th.
    expect(reviewedToday(reviews, NOW, dayKeyAtOffset(60))).toBe(3);
    expect(reviewedToday(reviews, NOW, dayKeyAtOffset(-60))).toBe(1);
  });
});

describe('streak', () => {
  const days = (...isoDays: string[]) => isoDays.map((d) => at(`${d}T12:00:00Z`));

  it('counts consecutive days with a review, ending today', () => {
    expect(streak(days('2026-11-24', '2026-11-25', '2026-11-26', '2026-11-26'), NOW, UTC)).toBe(3);
  });

  it('still counts up to yesterday before today practice, and stops at a missed day', () => {
    expect(streak(days('2026-11-22', '2026-11-24', '2026-11-25'), NOW, UTC)).toBe(2);
  });

  it('is 0 when the last review was before yesterday, or there was none', () => {
    expect(streak(days('2026-11-23', '2026-11-24'), NOW, UTC)).toBe(0);
    expect(streak([], NOW, UTC)).toBe(0);
  });

  it('uses the learner days: a late-evening review is yesterday in UTC but today three hours east', () => {
    const reviews = [at('2026-11-25T22:00:00Z')];
    expect(streak(reviews, at('2026-11-27T01:00:00Z'), UTC)).toBe(0);
    expect(streak(reviews, at('2026-11-27T01:00:00Z'), dayKeyAtOffset(180))).toBe(1);
  });
});

describe('learntBySkill', () => {
  it('counts each skill cards and the learnt ones, every skill present', () => {
    const cards = [card('grammar', '2026-11-20T00:00:00Z', learnt), card('grammar', '2026-11-20T00:00:00Z'), card('vocabulary', '2026-11-20T00:00:00Z', learnt)];
    expect(learntBySkill(cards)).toEqual({
      grammar: { learnt: 1, total: 2 },
      vocabulary: { learnt: 1, total: 1 },
      organization: { learnt: 0, total: 0 },
      voiceTone: { learnt: 0, total: 0 },
      reading: { learnt: 0, total: 0 },
    });
  });
});

describe('practiceProgress', () => {
  it('puts the figures together', () => {
    const cards = [card('grammar', '2026-11-20T00:00:00Z')];
    const reviews = [at('2026-11-26T08:00:00Z')];
    expect(practiceProgress(cards, reviews, NOW, UTC)).toEqual({ dueToday: 1, reviewedToday: 1, streak: 1, bySkill: learntBySkill(cards) });
  });
});

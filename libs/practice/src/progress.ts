import { SKILLS, type PracticeSchedule, type Skill } from '@fluent/contracts';
import type { DayKey } from './learner-day';
import { isLearnt } from './scheduler';

const DAY_MS = 86_400_000;

/** The calendar day before `day` (`YYYY-MM-DD`). */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** A stored card as the progress figures read it. */
export interface ProgressCard {
  skill: Skill;
  schedule: Pick<PracticeSchedule, 'due' | 'stability' | 'state'>;
}

/** Cards still in the queue and due by the end of the learner's today (a learnt card is not). */
export function dueToday(cards: readonly ProgressCard[], now: Date, dayKey: DayKey): number {
  const today = dayKey(now);
  return cards.filter((card) => !isLearnt(card.schedule) && dayKey(new Date(card.schedule.due)) <= today).length;
}

/** Reviews (their times) made in the learner's today. */
export function reviewedToday(reviewTimes: readonly Date[], now: Date, dayKey: DayKey): number {
  const today = dayKey(now);
  return reviewTimes.filter((at) => dayKey(at) === today).length;
}

/**
 * Consecutive days with at least one review, ending today, or yesterday when the learner has not
 * practised yet today (the streak is not lost until the day is over).
 */
export function streak(reviewTimes: readonly Date[], now: Date, dayKey: DayKey): number {
  const days = new Set(reviewTimes.map(dayKey));
  let day = dayKey(now);
  if (!days.has(day)) day = previousDay(day);
  let length = 0;
  while (days.has(day)) {
    length += 1;
    day = previousDay(day);
  }
  return length;
}

/** Per skill of the profile: the learner's cards and how many of them are learnt. */
export function learntBySkill(cards: readonly ProgressCard[]): Record<Skill, { learnt: number; total: number }> {
  const counts = Object.fromEntries(SKILLS.map((skill) => [skill, { learnt: 0, total: 0 }])) as Record<Skill, { learnt: number; total: number }>;
  for (const card of cards) {
    counts[card.skill].total += 1;
    if (isLearnt(card.schedule)) counts[card.skill].learnt += 1;
  }
  return counts;
}

export interface PracticeProgress {
  dueToday: number;
  reviewedToday: number;
  streak: number;
  bySkill: Record<Skill, { learnt: number; total: number }>;
}

/** The progress figures together (the practice page and the dashboard's "N due"). */
export function practiceProgress(cards: readonly ProgressCard[], reviewTimes: readonly Date[], now: Date, dayKey: DayKey): PracticeProgress {
  return {
    dueToday: dueToday(cards, now, dayKey),
    reviewedToday: reviewedToday(reviewTimes, now, dayKey),
    streak: streak(reviewTimes, now, dayKey),
    bySkill: learntBySkill(cards),
  };
}

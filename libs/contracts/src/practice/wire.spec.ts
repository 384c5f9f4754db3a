import { describe, expect, it } from 'vitest';
import { practiceCardsQuerySchema, practiceProgressQuerySchema, practiceReviewBodySchema, publicPracticeCardSchema } from './wire';

describe('practice wire schemas', () => {
  it('defaults the session to 10 cards and refuses a limit outside 1 to 50 with a message', () => {
    expect(practiceCardsQuerySchema.parse({})).toEqual({ limit: 10 });
    expect(practiceCardsQuerySchema.parse({ limit: '25' })).toEqual({ limit: 25 });
    const wrong = practiceCardsQuerySchema.safeParse({ limit: '51' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe('limit must be a whole number from 1 to 50');
  });

  it('takes a known IANA zone and refuses an unknown one', () => {
    expect(practiceProgressQuerySchema.parse({ tz: 'Europe/Lisbon' })).toEqual({ tz: 'Europe/Lisbon' });
    const wrong = practiceProgressQuerySchema.safeParse({ tz: 'Mars/Olympus' });
    expect(wrong.error?.issues[0]?.message).toBe('tz must be an IANA time zone such as Europe/Lisbon');
  });

  it('takes an answer and its time, and refuses unknown fields and an over-long answer', () => {
    expect(practiceReviewBodySchema.parse({ answer: 'went', elapsedMs: 1200 })).toEqual({ answer: 'went', elapsedMs: 1200 });
    expect(practiceReviewBodySchema.safeParse({ answer: 'x'.repeat(401), elapsedMs: 1 }).success).toBe(false);
    expect(practiceReviewBodySchema.safeParse({ answer: 'x', elapsedMs: -1 }).success).toBe(false);
    expect(practiceReviewBodySchema.safeParse({ answer: 'x', elapsedMs: 1, correct: true }).success).toBe(false);
  });

  it('serves a missed item without its answers: an answer field is not part of the public card', () => {
    const card = { id: 'c1', kind: 'missed-item', skill: 'vocabulary', testId: 1, dueAt: '2026-01-01T00:00:00.000Z', given: '', item: { section: 'fill', id: 3, question: 'A ___', options: ['a', 'b', 'c'] } };
    expect(publicPracticeCardSchema.parse(card)).toEqual(card);
    const parsed = publicPracticeCardSchema.parse({ ...card, item: { ...card.item, answer: 'a' } }) as { item: Record<string, unknown> };
    expect(parsed.item).not.toHaveProperty('answer');
  });
});

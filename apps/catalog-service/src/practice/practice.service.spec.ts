import { RpcException } from '@nestjs/microservices';
import { describe, expect, it, vi } from 'vitest';
import { FIX_OUTCOME_MESSAGES, PracticeErrors, PracticeTexts, type FixSentenceCard, type MissedItemCard, type MistypedWordCard, type PracticeCard } from '@fluent/contracts';
import { newSchedule, review } from '@fluent/practice';
import { questionBank } from '@fluent/question-bank';
import type { AttemptsService } from '../attempts/attempts.service';
import type { AcceptedOrdersOverlay } from '../jumbled-orders/accepted-orders';
import type { LearnerProgress } from '../learners/learner-progress';
import { TestLibrary } from '../library/test-library';
import type { FeedbackClient } from './feedback.client';
import { PracticeService } from './practice.service';
import type { PracticeStore, StoredCard } from './practice.store';

const library = new TestLibrary(questionBank(), 3);
const test1 = library.test(1)!;
const test4 = library.test(4)!;
const NOW = new Date('2026-03-02T10:00:00.000Z');
const base = { attemptId: 'a1', testId: 1, premium: false };

const fillCard: MissedItemCard = { ...base, key: `missed:fill:${test1.fills[0]!.id}`, kind: 'missed-item', skill: 'vocabulary', section: 'fill', itemId: test1.fills[0]!.id, given: '' };
const premiumCard: MissedItemCard = { ...fillCard, testId: 4, premium: true, key: `missed:fill:${test4.fills[0]!.id}`, itemId: test4.fills[0]!.id };
const wordCard: MistypedWordCard = { ...base, key: 'typed:receive', kind: 'mistyped-words', skill: 'grammar', word: 'receive', typed: 'recieve' };
const fixCard: FixSentenceCard = {
  ...base,
  key: 'fix:a1:passage:0:0',
  kind: 'fix-sentence',
  skill: 'grammar',
  section: 'passage',
  textIndex: 0,
  sentenceIndex: 0,
  sentence: 'I has a dog.',
  issues: [{ offset: 2, length: 3, category: 'grammar', ruleId: 'HAVE_AGR', message: 'Use have', explanation: 'Agreement' }],
};

const stored = (card: PracticeCard, id = 'c1'): StoredCard => ({ id, card, schedule: newSchedule(NOW), dueAt: NOW, premium: card.premium });

function service({ cards = [] as StoredCard[], paid = false, matches = [] as unknown[] } = {}) {
  const store = {
    byId: vi.fn(async (uid: string, id: string) => (uid === 'u1' ? cards.find((c) => c.id === id) : undefined)),
    recordReview: vi.fn(async () => undefined),
    insertIfNew: vi.fn(async (_uid: string, _card: PracticeCard) => true),
    writingCards: vi.fn(<T>(_uid: string, write: () => Promise<T>) => write()),
    queue: vi.fn(async (_uid: string, _end: Date, _access: () => Promise<boolean>, limit: number) => ({ cards: cards.slice(0, limit), dueToday: cards.length })),
  };
  const learners = { paid: vi.fn(async () => paid) };
  const feedback = { checkSentence: vi.fn(async () => ({ matches })), attemptFeedback: vi.fn() };
  const accepted = { orders: vi.fn(async () => new Map()) };
  const attempts = { detailById: vi.fn() };
  const practice = new PracticeService(
    store as unknown as PracticeStore,
    library,
    learners as unknown as LearnerProgress,
    attempts as unknown as AttemptsService,
    accepted as unknown as AcceptedOrdersOverlay,
    feedback as unknown as FeedbackClient,
  );
  return { practice, store, feedback, attempts, learners };
}
const errorOf = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as RpcException).getError();
const notFound = { statusCode: 404, message: PracticeErrors.cardNotFound };

describe('PracticeService: reviews', () => {
  it('checks a missed fill item on the server: right → Good (slow) and scheduled as review() says, the answer told', async () => {
    const { practice, store } = service({ cards: [stored(fillCard)] });
    const result = await practice.review('u1', 'c1', test1.fills[0]!.answer, 60_000, NOW);
    const expected = review(newSchedule(NOW), 'good', NOW).schedule;
    expect(result).toEqual({ correct: true, grade: 'good', message: PracticeTexts.right, answer: test1.fills[0]!.answer, nextDue: expected.due, learnt: false });
    expect(store.recordReview).toHaveBeenCalledWith('u1', 'c1', expected, { at: NOW, grade: 'good', elapsedMs: 60_000 });
  });

  it('marks a wrong answer Again, due a day later, and tells the right answer', async () => {
    const { practice } = service({ cards: [stored(fillCard)] });
    const wrong = test1.fills[0]!.options.find((o) => o !== test1.fills[0]!.answer)!;
    const result = await practice.review('u1', 'c1', wrong, 1_000, NOW);
    expect(result).toMatchObject({ correct: false, grade: 'again', message: PracticeTexts.wrong, answer: test1.fills[0]!.answer });
    expect(result.nextDue).toBe(review(newSchedule(NOW), 'again', NOW).schedule.due);
    expect(Date.parse(result.nextDue) - NOW.getTime()).toBe(86_400_000);
  });

  it('answers 404 for another learner’s card and for an unknown id, and stores nothing', async () => {
    const { practice, store } = service({ cards: [stored(fillCard)] });
    expect(await errorOf(practice.review('u2', 'c1', 'x', 1, NOW))).toEqual(notFound);
    expect(await errorOf(practice.review('u1', 'nope', 'x', 1, NOW))).toEqual(notFound);
    expect(store.recordReview).not.toHaveBeenCalled();
  });

  it('answers 404 for a premium card while the learner has no access, and reviews it with access', async () => {
    expect(await errorOf(service({ cards: [stored(premiumCard)] }).practice.review('u1', 'c1', 'x', 1, NOW))).toEqual(notFound);
    expect((await service({ cards: [stored(premiumCard)], paid: true }).practice.review('u1', 'c1', test4.fills[0]!.answer, 60_000, NOW)).correct).toBe(true);
  });

  it('compares a typed word as the typing score does: the same characters, case included', async () => {
    const { practice } = service({ cards: [stored(wordCard)] });
    expect(await practice.review('u1', 'c1', ' receive ', 60_000, NOW)).toMatchObject({ correct: true, grade: 'good' });
    expect(await practice.review('u1', 'c1', 'Receive', 60_000, NOW)).toMatchObject({ correct: false, grade: 'again', answer: 'receive' });
    // Fast and right is Easy (3 s a word).
    expect(await practice.review('u1', 'c1', 'receive', 1_000, NOW)).toMatchObject({ grade: 'easy' });
  });

  it('asks the checker about a corrected sentence and answers the fix check’s outcome', async () => {
    const fixed = service({ cards: [stored(fixCard)] });
    expect(await fixed.practice.review('u1', 'c1', 'I have a dog.', 60_000, NOW)).toMatchObject({ correct: true, outcome: 'fixed', message: FIX_OUTCOME_MESSAGES.fixed, grade: 'good' });
    expect(fixed.feedback.checkSentence).toHaveBeenCalledWith('I have a dog.');
    const still = service({ cards: [stored(fixCard)], matches: [{ offset: 2, length: 3, ruleId: 'HAVE_AGR', categoryId: 'GRAMMAR', message: 'Use have', replacements: ['have'] }] });
    expect(await still.practice.review('u1', 'c1', 'I has a dog.', 60_000, NOW)).toMatchObject({ correct: false, outcome: 'not-fixed', grade: 'again' });
  });

  it('refuses a corrected sentence over twice the original with 400, before asking the checker', async () => {
    const { practice, feedback } = service({ cards: [stored(fixCard)] });
    expect(await errorOf(practice.review('u1', 'c1', 'x'.repeat(25), 1, NOW))).toEqual({ statusCode: 400, message: 'answer must be at most 24 characters' });
    expect(feedback.checkSentence).not.toHaveBeenCalled();
  });
});

describe('PracticeService: the queue', () => {
  it('serves cards in public form: a missed item’s question without its answer', async () => {
    const { practice, store, learners } = service({ cards: [stored(fillCard), stored(wordCard, 'c2')] });
    const { cards, dueToday } = await practice.nextCards('u1', 10, undefined, NOW);
    expect(dueToday).toBe(2);
    expect(cards[0]).toEqual({ id: 'c1', kind: 'missed-item', skill: 'vocabulary', testId: 1, dueAt: NOW.toISOString(), given: '', item: { section: 'fill', id: fillCard.itemId, question: test1.fills[0]!.question, options: test1.fills[0]!.options } });
    expect(JSON.stringify(cards)).not.toContain('"answer"');
    expect(cards[1]).toEqual({ id: 'c2', kind: 'mistyped-words', skill: 'grammar', testId: 1, dueAt: NOW.toISOString(), word: 'receive', typed: 'recieve' });
    // Up to the end of the learner's day; premium access asked of the learner's progress only when needed.
    expect(store.queue).toHaveBeenCalledWith('u1', new Date('2026-03-02T23:59:59.999Z'), expect.any(Function), 10, NOW);
    const askAccess = store.queue.mock.calls[0]![2];
    expect(learners.paid).not.toHaveBeenCalled();
    expect(await askAccess()).toBe(false);
    expect(learners.paid).toHaveBeenCalledWith('u1');
  });
});

describe('PracticeService: cards from events', () => {
  it('makes no card of an event whose attempt belongs to another learner', async () => {
    const { practice, store, attempts } = service();
    attempts.detailById.mockResolvedValueOnce({ uid: 'someone-else' });
    expect(await practice.fromAttempt({ attemptId: 'a1', uid: 'u1', testId: 1, at: NOW.toISOString() })).toBe(0);
    expect(store.insertIfNew).not.toHaveBeenCalled();
  });

  it('inserts an event’s cards inside one write the learner’s queue view follows, also a redelivery that inserts nothing; an event with no cards writes nothing', async () => {
    const { practice, store, feedback } = service();
    const issue = { offset: 2, length: 3, category: 'grammar', ruleId: 'HAVE_AGR', message: 'Use have', replacements: ['have'] };
    const text = 'I has a cat. It sleep all day.';
    const withIssues = { attemptId: 'a1', testId: 1, passages: [{ index: 0, text, language: { issues: [issue, { ...issue, offset: 16, length: 5 }] } }], email: { text: '', language: { issues: [] } } };
    const order: string[] = [];
    store.insertIfNew.mockImplementation(async (_uid: string, card: PracticeCard) => (order.push(`insert ${card.key}`), true));
    store.writingCards.mockImplementation(async <T>(_uid: string, write: () => Promise<T>) => {
      order.push('write begins');
      const result = await write();
      order.push('view follows');
      return result;
    });
    feedback.attemptFeedback.mockResolvedValueOnce(withIssues);
    expect(await practice.fromFeedback({ attemptId: 'a1', uid: 'u1', testId: 1, at: NOW.toISOString() })).toBe(2);
    expect(order).toEqual(['write begins', 'insert fix:a1:passage:0:0', 'insert fix:a1:passage:0:1', 'view follows']);
    expect(store.writingCards).toHaveBeenCalledWith('u1', expect.any(Function));
    // Redelivered: nothing new, the view still follows.
    store.insertIfNew.mockImplementation(async () => false);
    feedback.attemptFeedback.mockResolvedValueOnce(withIssues);
    expect(await practice.fromFeedback({ attemptId: 'a1', uid: 'u1', testId: 1, at: NOW.toISOString() })).toBe(0);
    expect(store.writingCards).toHaveBeenCalledTimes(2);
    // Clean text: no card, no write.
    feedback.attemptFeedback.mockResolvedValueOnce({ attemptId: 'a1', testId: 1, passages: [{ index: 0, text: 'I have a cat.', language: { issues: [] } }], email: { text: '', language: { issues: [] } } });
    expect(await practice.fromFeedback({ attemptId: 'a1', uid: 'u1', testId: 1, at: NOW.toISOString() })).toBe(0);
    expect(store.writingCards).toHaveBeenCalledTimes(2);
  });
});

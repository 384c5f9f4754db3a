import { RpcException } from '@nestjs/microservices';
import { describe, expect, it, vi } from 'vitest';
import { CatalogErrors } from '@fluent/contracts';
import type { TextChecker } from '../harper/text-checker';
import type { FeedbackStore } from './feedback.store';
import { PRACTICE_MODEL_BUDGET_MS, PracticeChecksController } from './practice-checks.controller';

const MATCH = { offset: 2, length: 2, ruleId: 'HE_VERB_AGR', categoryId: 'GRAMMAR', message: 'Agreement', replacements: ['is'] };

function controller(stored?: { uid: string; feedback: unknown }) {
  const checker = { check: vi.fn(async () => ({ matches: [MATCH], checker: { name: 'LanguageTool', version: '6', variant: 'en-GB' } })) };
  const store = { get: vi.fn(async () => stored) };
  return { c: new PracticeChecksController(checker as unknown as TextChecker, store as unknown as FeedbackStore), checker, store };
}
const errorOf = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as RpcException).getError();

describe('PracticeChecksController (feedback.internal.*)', () => {
  it('checks a sentence with the feedback checker and answers its matches only', async () => {
    const { c, checker } = controller();
    expect(await c.checkSentence({ text: 'He are here.' })).toEqual({ matches: [MATCH] });
    // A learner waits: ahead of the attempts' texts, and within a budget shorter than the caller's NATS timeout.
    expect(checker.check).toHaveBeenCalledWith('He are here.', { urgent: true, budgetMs: PRACTICE_MODEL_BUDGET_MS });
    expect(PRACTICE_MODEL_BUDGET_MS).toBeLessThan(5_000);
  });

  it('answers a blank sentence with no matches without asking the checker', async () => {
    const { c, checker } = controller();
    expect(await c.checkSentence({ text: '  ' })).toEqual({ matches: [] });
    expect(checker.check).not.toHaveBeenCalled();
  });

  it('refuses a sentence over 400 characters with 400', async () => {
    expect(((await errorOf(controller().c.checkSentence({ text: 'a'.repeat(401) }))) as { statusCode: number }).statusCode).toBe(400);
  });

  it('answers the stored feedback of an attempt, and 404 while there is none', async () => {
    const feedback = { attemptId: 'a1' };
    expect(await controller({ uid: 'u1', feedback }).c.attemptFeedback({ attemptId: 'a1' })).toBe(feedback);
    expect(await errorOf(controller().c.attemptFeedback({ attemptId: 'a1' }))).toEqual({ statusCode: 404, message: CatalogErrors.attemptNotFound });
  });
});

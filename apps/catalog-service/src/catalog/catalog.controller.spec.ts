import { afterEach, describe, expect, it, vi } from 'vitest';
import { blankTestAnswers, type TestAnswers } from '@fluent/contracts';
import type { RpcException } from '@nestjs/microservices';
import type { AttemptsService } from '../attempts/attempts.service';
import { CatalogController } from './catalog.controller';
import type { CatalogService } from './catalog.service';

// Only the gateway may send these requests (NATS permissions), and it validates first; the service
// still parses every payload, so a bad one is a 400 naming the field, never a 500 or a query.
describe('CatalogController payload checks', () => {
  const catalog = { cards: vi.fn(), test: vi.fn(), submit: vi.fn() };
  const attempts = { get: vi.fn(), list: vi.fn() };
  const controller = new CatalogController(catalog as unknown as CatalogService, attempts as unknown as AttemptsService);
  afterEach(() => vi.clearAllMocks());

  // Right in every part but the one a case changes, so the refusal can only come from that part.
  const submissionWith = (changes: Partial<Record<keyof TestAnswers, unknown>>) => ({
    uid: 'ana',
    testId: 1,
    submission: {
      submissionId: crypto.randomUUID(),
      answers: { ...blankTestAnswers(), ...changes },
    },
  });

  it('accepts the unchanged submission (the cases below each change one part of it)', () => {
    controller.submit(submissionWith({}));
    expect(catalog.submit).toHaveBeenCalledOnce();
  });

  const refusal = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      return (error as RpcException).getError();
    }
    throw new Error('the payload was accepted');
  };

  it.each([
    ['cards without a uid', () => controller.cards({}), 'uid'],
    ['a test id that is not a number', () => controller.test({ uid: 'ana', testId: '1' }), 'testId'],
    ['a uid that is an object', () => controller.test({ uid: { $ne: null }, testId: 1 }), 'uid'],
    ['a submission without its typing answer', () => controller.submit(submissionWith({ typing: undefined })), 'submission.answers.typing'],
    ['a submission with 9 sentence answers', () => controller.submit(submissionWith({ sentenceAnswers: Array(9).fill('') })), 'submission.answers.sentenceAnswers'],
    ['a submission with 4 jumbled answers too many', () => controller.submit(submissionWith({ jumbledAnswers: Array(19).fill('') })), 'submission.answers.jumbledAnswers'],
    ['an attempt id that is too long', () => controller.attempt({ uid: 'ana', attemptId: 'x'.repeat(65) }), 'attemptId'],
  ])('refuses %s with 400 naming the field', (_name, call, field) => {
    const error = refusal(call) as { statusCode: number; errors: Record<string, string> };
    expect(error.statusCode).toBe(400);
    expect(Object.keys(error.errors)).toContain(field);
    expect(catalog.cards).not.toHaveBeenCalled();
    expect(catalog.test).not.toHaveBeenCalled();
    expect(catalog.submit).not.toHaveBeenCalled();
    expect(attempts.get).not.toHaveBeenCalled();
  });
});

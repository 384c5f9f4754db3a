import { describe, expect, it, vi } from 'vitest';
import type { RpcException } from '@nestjs/microservices';
import type { AttemptsService } from './attempts/attempts.service';
import { CatalogController } from './catalog.controller';
import type { CatalogService } from './catalog.service';

// Only the gateway may send these requests (NATS permissions), and it validates first; the service
// still parses every payload, so a bad one is a 400 naming the field, never a 500 or a query.
describe('CatalogController payload checks', () => {
  const catalog = { cards: vi.fn(), test: vi.fn(), submit: vi.fn() };
  const attempts = { get: vi.fn(), list: vi.fn() };
  const controller = new CatalogController(catalog as unknown as CatalogService, attempts as unknown as AttemptsService);

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
    ['a submission with 9 sentence answers', () => controller.submit({ uid: 'ana', testId: 1, submission: { submissionId: crypto.randomUUID(), answers: { sentenceAnswers: [] } } }), 'submission.answers.typing'],
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

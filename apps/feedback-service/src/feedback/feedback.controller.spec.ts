import { RpcException } from '@nestjs/microservices';
import { describe, expect, it, vi } from 'vitest';
import { CatalogErrors, FEEDBACK_PENDING_MESSAGE } from '@fluent/contracts';
import { AttemptNotFoundError, type CatalogClient } from '../catalog/catalog.client';
import { FeedbackController } from './feedback.controller';
import type { FeedbackStore } from './feedback.store';

const FEEDBACK = { attemptId: 'a1', submittedAt: '2026-03-02T10:00:00.000Z' };
const PREVIOUS = { attemptId: 'a0', testId: 1, submittedAt: '2026-03-01T10:00:00.000Z', scores: { grammar: 40, vocabulary: 50, organization: 60, voiceTone: 70, reading: 80 } };

function controller(stored?: { uid: string }, catalogAnswer: () => Promise<unknown> = async () => ({})) {
  const store = { get: vi.fn(async () => (stored ? { ...stored, feedback: FEEDBACK } : undefined)), trend: vi.fn(async () => []), previousProfile: vi.fn(async () => PREVIOUS) };
  const catalog = { attemptWriting: vi.fn(catalogAnswer) };
  return { c: new FeedbackController(store as unknown as FeedbackStore, catalog as unknown as CatalogClient), store, catalog };
}
const notFound = { statusCode: 404, message: CatalogErrors.attemptNotFound };
const errorOf = async (promise: Promise<unknown>) => ((await promise.catch((e: unknown) => e)) as RpcException).getError();

describe('FeedbackController', () => {
  it('answers the owner with the stored feedback, read by key, and their profile submitted before it', async () => {
    const { c, catalog, store } = controller({ uid: 'u1' });
    expect(await c.feedback({ uid: 'u1', attemptId: 'a1' })).toEqual({ status: 'ready', feedback: FEEDBACK, previous: PREVIOUS });
    expect(store.previousProfile).toHaveBeenCalledWith('u1', FEEDBACK.submittedAt);
    expect(catalog.attemptWriting).not.toHaveBeenCalled();
  });

  it('answers previous: null for the learner’s first profile', async () => {
    const { c, store } = controller({ uid: 'u1' });
    store.previousProfile.mockResolvedValueOnce(null as never);
    expect(await c.feedback({ uid: 'u1', attemptId: 'a1' })).toEqual({ status: 'ready', feedback: FEEDBACK, previous: null });
  });

  it('answers someone else 404 Attempt not found, as for an unknown id', async () => {
    expect(await errorOf(controller({ uid: 'u1' }).c.feedback({ uid: 'u2', attemptId: 'a1' }))).toEqual(notFound);
    const unknown = controller(undefined, async () => Promise.reject(new AttemptNotFoundError('Attempt not found.')));
    expect(await errorOf(unknown.c.feedback({ uid: 'u2', attemptId: 'a1' }))).toEqual(notFound);
    expect(unknown.catalog.attemptWriting).toHaveBeenCalledWith('a1', 'u2');
  });

  it('answers pending while the caller’s attempt has no feedback yet', async () => {
    expect(await controller().c.feedback({ uid: 'u1', attemptId: 'a1' })).toEqual({ status: 'pending', message: FEEDBACK_PENDING_MESSAGE });
  });

  it('refuses a malformed request with 400', async () => {
    expect(((await errorOf(controller().c.feedback({ attemptId: 'a1' }))) as { statusCode: number }).statusCode).toBe(400);
  });
});

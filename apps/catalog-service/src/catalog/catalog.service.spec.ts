import { describe, expect, it } from 'vitest';
import { CatalogErrors, DEFAULT_FREE_TEST_COUNT, type AttemptResult, type AttemptSubmission } from '@fluent/contracts';
import { questionBank } from '@fluent/question-bank';
import type { AttemptEvents } from '../attempts/attempt-events.publisher';
import type { AttemptsService } from '../attempts/attempts.service';
import { catalogConfigSchema } from '../config';
import type { LearnerProgress, Progress } from '../learners/learner-progress';
import { TestLibrary } from '../library/test-library';
import { CatalogService } from './catalog.service';

/** The catalog's access rule with its collaborators faked: who has paid is the only input that varies. */
function catalogFor(progress: Progress) {
  const stored: number[] = [];
  const attempts = {
    attemptsPerTest: 1,
    historyLimit: 100,
    submit: async (_uid: string, test: { testId: number }) => {
      stored.push(test.testId);
      return { attemptId: 'a1', testId: test.testId, submittedAt: '2026-11-26T00:00:00.000Z' } as unknown as AttemptResult;
    },
  } as unknown as AttemptsService;
  const learners = { of: async () => progress, changed: () => undefined } as unknown as LearnerProgress;
  const events = { submitted: () => undefined } as unknown as AttemptEvents;
  const service = new CatalogService(new TestLibrary(questionBank(), DEFAULT_FREE_TEST_COUNT), attempts, learners, events);
  return { service, stored };
}

const unpaid: Progress = { paid: false, attempts: [] };
const paid: Progress = { paid: true, attempts: [] };
const submission = {} as AttemptSubmission;

/** The RPC error body a call was refused with. */
async function refusal(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return (error as { getError(): unknown }).getError();
  }
  throw new Error('expected the call to be refused');
}

describe('CatalogService premium access', () => {
  it('refuses a premium test to a learner who has not paid with 403 and the locked message', async () => {
    const { service } = catalogFor(unpaid);
    expect(await refusal(service.test('u1', 4))).toEqual({ statusCode: 403, message: CatalogErrors.premiumLocked });
    expect(await refusal(service.test('u1', 20))).toEqual({ statusCode: 403, message: CatalogErrors.premiumLocked });
  });

  it('refuses to store an attempt at a premium test from a learner who has not paid', async () => {
    const { service, stored } = catalogFor(unpaid);
    expect(await refusal(service.submit('u1', 4, submission))).toEqual({ statusCode: 403, message: CatalogErrors.premiumLocked });
    expect(stored).toEqual([]);
  });

  it('serves free tests to a learner who has not paid', async () => {
    const { service } = catalogFor(unpaid);
    expect((await service.test('u1', 1)).testId).toBe(1);
    expect((await service.test('u1', 3)).testId).toBe(3);
  });

  it('serves premium tests and stores their attempts once the learner has paid', async () => {
    const { service, stored } = catalogFor(paid);
    expect((await service.test('u1', 4)).testId).toBe(4);
    await service.submit('u1', 20, submission);
    expect(stored).toEqual([20]);
  });

  it('answers 404 for a test outside 1..20, paid or not', async () => {
    const { service } = catalogFor(paid);
    expect(await refusal(service.test('u1', 21))).toEqual({ statusCode: 404, message: CatalogErrors.testNotFound });
  });
});

describe('the free-test rule', () => {
  it('by default makes tests 1-3 free and the other 17 premium', () => {
    const { FREE_TEST_COUNT } = catalogConfigSchema.pick({ FREE_TEST_COUNT: true }).parse({});
    const library = new TestLibrary(questionBank(), FREE_TEST_COUNT);
    const free = library.cardTemplates.filter((card) => !card.premium).map((card) => card.id);
    expect(free).toEqual([1, 2, 3]);
    expect(library.cardTemplates.filter((card) => card.premium)).toHaveLength(17);
  });
});

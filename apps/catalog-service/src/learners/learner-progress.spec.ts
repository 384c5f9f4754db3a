import { describe, expect, it, vi } from 'vitest';
import type { ReplicaBroadcast } from '@fluent/server-kit';
import type { AttemptsService } from '../attempts/attempts.service';
import type { EntitlementsService } from '../entitlements/entitlements.service';
import { LearnerProgress } from './learner-progress';

const broadcast: ReplicaBroadcast = { subscribe: () => undefined, publish: () => undefined, onReconnect: () => undefined };

function progress(paid: boolean) {
  const entitlements = { hasPaid: vi.fn(async () => paid) };
  const attempts = { summaries: vi.fn(async () => []) };
  const learners = new LearnerProgress(entitlements as unknown as EntitlementsService, attempts as unknown as AttemptsService, broadcast);
  return { learners, entitlements, attempts };
}

describe('LearnerProgress.paid: premium access without the whole progress', () => {
  it('reads the entitlement alone (not the learner’s attempts) when the progress is not kept', async () => {
    const { learners, entitlements, attempts } = progress(true);
    expect(await learners.paid('u1')).toBe(true);
    expect(entitlements.hasPaid).toHaveBeenCalledWith('u1');
    expect(attempts.summaries).not.toHaveBeenCalled();
  });

  it('answers from the kept progress without a read, and reads the entitlement again once a write dropped it', async () => {
    const { learners, entitlements } = progress(false);
    expect((await learners.of('u1')).paid).toBe(false);
    entitlements.hasPaid.mockClear();
    entitlements.hasPaid.mockResolvedValue(true);
    expect(await learners.paid('u1')).toBe(false);
    expect(entitlements.hasPaid).not.toHaveBeenCalled();
    learners.changed('u1');
    expect(await learners.paid('u1')).toBe(true);
    expect(entitlements.hasPaid).toHaveBeenCalledTimes(1);
  });
});

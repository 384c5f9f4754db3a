import { Inject, Injectable } from '@nestjs/common';
import type { AttemptSummary } from '@fluent/contracts';
import { REPLICA_BROADCAST, SharedCache, type ReplicaBroadcast } from '@fluent/server-kit';
import { AttemptsService } from '../attempts/attempts.service';
import { config } from '../config';
import { EntitlementsService } from '../entitlements/entitlements.service';

/** What the catalog knows of one learner: premium access, and every stored attempt, newest first. */
export interface Progress {
  paid: boolean;
  attempts: AttemptSummary[];
}

/**
 * A learner's progress, read on nearly every request (cards, a test's access check, the history)
 * and changed by two writes only: a stored attempt and a granted entitlement. It is kept per
 * learner in memory and dropped on every replica by each of those writes (`changed`), so a
 * dashboard costs no database read until the learner's progress changes.
 */
@Injectable()
export class LearnerProgress {
  private readonly cache: SharedCache<Progress>;

  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly attempts: AttemptsService,
    @Inject(REPLICA_BROADCAST) broadcast: ReplicaBroadcast,
  ) {
    this.cache = new SharedCache('learner-progress', broadcast, { maxEntries: config.LEARNER_CACHE_SIZE, ttlMs: config.LEARNER_CACHE_TTL_MS });
  }

  of(uid: string): Promise<Progress> {
    return this.cache.get(uid, async () => {
      const [paid, attempts] = await Promise.all([this.entitlements.hasPaid(uid), this.attempts.summaries(uid)]);
      return { paid, attempts };
    });
  }

  /**
   * Whether the learner has premium access, for a read that needs nothing else (the practice
   * queue): the kept progress when there is one, otherwise the entitlement alone, one read by key,
   * not the whole progress (the learner's attempts are the costly part of it).
   */
  async paid(uid: string): Promise<boolean> {
    return this.cache.peek(uid)?.paid ?? (await this.entitlements.hasPaid(uid));
  }

  /** After a write to the learner's attempts or entitlement, before the reply goes out. */
  changed(uid: string): void {
    this.cache.invalidate(uid);
  }
}

/** Attempts stored per test. */
export function countsByTest(attempts: readonly AttemptSummary[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { testId } of attempts) counts.set(testId, (counts.get(testId) ?? 0) + 1);
  return counts;
}

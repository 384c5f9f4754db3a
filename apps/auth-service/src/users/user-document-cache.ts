import { Inject, Injectable } from '@nestjs/common';
import type { UserDocument } from '@fluent/contracts';
import { REPLICA_BROADCAST, SharedCache, type ReplicaBroadcast } from '@fluent/server-kit';
import { config } from '../config';

/**
 * Learners' user documents as GET /api/me reads them on every dashboard load and payment poll.
 * Kept per learner in memory; every write to a user document (sign-up, first contact, payment)
 * calls `changed`, which drops it here and on every other replica before the write's reply goes.
 */
@Injectable()
export class UserDocumentCache {
  private readonly cache: SharedCache<UserDocument | undefined>;

  constructor(@Inject(REPLICA_BROADCAST) broadcast: ReplicaBroadcast) {
    this.cache = new SharedCache('user-documents', broadcast, { maxEntries: config.LEARNER_CACHE_SIZE, ttlMs: config.LEARNER_CACHE_TTL_MS });
  }

  get(uid: string, load: () => Promise<UserDocument | undefined>): Promise<UserDocument | undefined> {
    return this.cache.get(uid, load);
  }

  changed(uid: string): void {
    this.cache.invalidate(uid);
  }
}

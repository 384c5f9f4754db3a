import { describe, expect, it } from 'vitest';
import { LocalBroadcast } from './local-broadcast';
import { SharedCache } from './shared-cache';

const options = { maxEntries: 100, ttlMs: 60_000 };

/** Two replicas of a service: one store, one broadcast between them, a cache each. */
function twoReplicas() {
  const store = new Map<string, string>([['learner-1', 'v1']]);
  const broadcast = new LocalBroadcast();
  const replicas = [new SharedCache<string>('learners', broadcast, options), new SharedCache<string>('learners', broadcast, options)] as const;
  const read = (replica: SharedCache<string>, key: string) => replica.get(key, async () => store.get(key) ?? 'none');
  return { store, broadcast, replicas, read };
}

describe('SharedCache', () => {
  it("drops a key on every replica when one of them writes, so no replica answers the old value", async () => {
    const { store, replicas, read } = twoReplicas();
    expect(await read(replicas[0], 'learner-1')).toBe('v1');
    expect(await read(replicas[1], 'learner-1')).toBe('v1');
    store.set('learner-1', 'v2');
    replicas[0].invalidate('learner-1');
    expect(await read(replicas[0], 'learner-1')).toBe('v2');
    expect(await read(replicas[1], 'learner-1')).toBe('v2');
  });

  it('leaves other keys cached', async () => {
    const { store, replicas, read } = twoReplicas();
    store.set('learner-2', 'w1');
    await read(replicas[1], 'learner-2');
    store.set('learner-2', 'w2'); // written behind the cache's back: still cached
    replicas[0].invalidate('learner-1');
    expect(await read(replicas[1], 'learner-2')).toBe('w1');
  });

  it('sends the key on the topic cache.<name>.invalidate', () => {
    const { broadcast, replicas } = twoReplicas();
    replicas[1].invalidate('learner-9');
    expect(broadcast.published).toEqual([{ topic: 'cache.learners.invalidate', data: 'learner-9' }]);
  });

  it('starts empty after the connection comes back (broadcasts may have been missed meanwhile)', async () => {
    const { store, broadcast, replicas, read } = twoReplicas();
    await read(replicas[1], 'learner-1');
    store.set('learner-1', 'v2');
    broadcast.reconnected();
    expect(await read(replicas[1], 'learner-1')).toBe('v2');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { decodeEntries, encodeEntries, inQueueOrder, isViewCurrent, newMark, NO_WRITES_YET, QUEUE_VIEW_CLOCK_SKEW_MS, QUEUE_VIEW_MAX_AGE_MS, queueOfEntries, type QueueEntry } from './queue-view';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const HOUR = 3_600_000;
const entry = (id: string, dueInHours: number, premium = false): QueueEntry => ({ id, due: NOW.getTime() + dueInHours * HOUR, premium, cardJson: JSON.stringify({ key: `typed:${id}` }) });
const builtAgo = (ms: number) => new Date(NOW.getTime() - ms);

describe('isViewCurrent: when the view may be served', () => {
  it('serves a view built for the learner’s current mark', () => {
    expect(isViewCurrent({ token: 'm2', builtAt: builtAgo(1_000) }, 'm2', NOW)).toBe(true);
    // A learner whose cards were never written through the service: the view built for no writes.
    expect(isViewCurrent({ token: NO_WRITES_YET, builtAt: builtAgo(1_000) }, NO_WRITES_YET, NOW)).toBe(true);
  });

  it('rebuilds a view that is missing or built for another mark (a write landed since, or its rebuild failed)', () => {
    expect(isViewCurrent(null, 'm2', NOW)).toBe(false);
    expect(isViewCurrent(undefined, NO_WRITES_YET, NOW)).toBe(false);
    expect(isViewCurrent({ token: 'm1', builtAt: builtAgo(1_000) }, 'm2', NOW)).toBe(false);
    expect(isViewCurrent({ token: NO_WRITES_YET, builtAt: builtAgo(1_000) }, 'm1', NOW)).toBe(false);
  });

  it(`rebuilds a view older than ${QUEUE_VIEW_MAX_AGE_MS / 60_000} minutes even with the current mark`, () => {
    expect(isViewCurrent({ token: 'm2', builtAt: builtAgo(QUEUE_VIEW_MAX_AGE_MS) }, 'm2', NOW)).toBe(true);
    expect(isViewCurrent({ token: 'm2', builtAt: builtAgo(QUEUE_VIEW_MAX_AGE_MS + 1) }, 'm2', NOW)).toBe(false);
  });

  it('serves a view built by a replica whose clock is up to a minute ahead, and rebuilds one dated further in the future', () => {
    expect(isViewCurrent({ token: 'm2', builtAt: builtAgo(-QUEUE_VIEW_CLOCK_SKEW_MS) }, 'm2', NOW)).toBe(true);
    expect(isViewCurrent({ token: 'm2', builtAt: builtAgo(-QUEUE_VIEW_CLOCK_SKEW_MS - 1) }, 'm2', NOW)).toBe(false);
  });

  it('makes a new mark at every write, never the mark of no writes (which would make a view built before it current)', () => {
    const marks = new Set(Array.from({ length: 100 }, () => newMark()));
    expect(marks.size).toBe(100);
    expect(marks.has(NO_WRITES_YET)).toBe(false);
  });
});

describe('the view’s text', () => {
  it('keeps every entry, sorted by due date (then id), and reads back as written', () => {
    const entries = [entry('c', 5), entry('a', -2, true), entry('b', 5), entry('d', -30)];
    const text = encodeEntries(entries);
    expect(decodeEntries(text)).toEqual([entries[3], entries[1], entries[2], entries[0]]);
    expect(decodeEntries(encodeEntries([]))).toEqual([]);
  });

  it('orders cards due at the same moment by id, the same order at every read', () => {
    const sameDue = [entry('c2', -1), entry('a9', -1), entry('b5', -1)];
    expect(inQueueOrder(sameDue).map((e) => e.id)).toEqual(['a9', 'b5', 'c2']);
    expect(decodeEntries(encodeEntries(sameDue))).toEqual(inQueueOrder(sameDue));
  });
});

describe('queueOfEntries: the queue from the view', () => {
  const sorted = inQueueOrder([entry('overdue-2', -2), entry('overdue-9', -9), entry('premium-5', -5, true), entry('tonight', 10), entry('tomorrow', 30)]);
  const endOfDay = new Date(NOW.getTime() + 12 * HOUR);
  const access = (paid: boolean) => vi.fn(async () => paid);
  const ids = (q: { first: QueueEntry[] }) => q.first.map((e) => e.id);

  it('serves the due cards most overdue first, up to the end of the learner’s day, and counts them all', async () => {
    expect(ids(await queueOfEntries(sorted, endOfDay, access(true), 10))).toEqual(['overdue-9', 'premium-5', 'overdue-2', 'tonight']);
    expect(await queueOfEntries(sorted, endOfDay, access(true), 2)).toEqual({ first: [sorted[0], sorted[1]], dueToday: 4 });
    expect(ids(await queueOfEntries(sorted, NOW, access(true), 10))).toEqual(['overdue-9', 'premium-5', 'overdue-2']);
  });

  it('leaves premium cards out, served and counted, without access', async () => {
    expect(await queueOfEntries(sorted, endOfDay, access(false), 10)).toEqual({ first: [sorted[0], sorted[2], sorted[3]], dueToday: 3 });
  });

  it('asks for premium access only when a premium card is due', async () => {
    const asked = access(false);
    await queueOfEntries(sorted, new Date(NOW.getTime() - 6 * HOUR), asked, 10);
    expect(asked).not.toHaveBeenCalled();
    await queueOfEntries(sorted, NOW, asked, 10);
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('serves nothing from an empty view', async () => {
    expect(await queueOfEntries([], endOfDay, access(true), 10)).toEqual({ first: [], dueToday: 0 });
  });
});

import { Types, type Model } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import type { PracticeCardRecord, PracticeQueueMarkRecord, PracticeQueueViewRecord } from './practice-card.schema';
import { decodeEntries, encodeEntries, NO_WRITES_YET } from './queue-view';
import { QueueViewStore } from './queue-view.store';

const NOW = new Date();
const duplicateKey = Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
const card = (word: string, dueInMs: number) => ({ _id: new Types.ObjectId(), cardJson: JSON.stringify({ word }), dueAt: new Date(NOW.getTime() + dueInMs), premium: false });

/** The store over stubbed models: `calls` records the order of the database calls. */
function storeWith({ mark = null as { token: string } | null, view = null as Record<string, unknown> | null, cards = [] as ReturnType<typeof card>[] } = {}) {
  const calls: string[] = [];
  const lean = <T>(name: string, value: () => T) => ({ lean: vi.fn(async () => (calls.push(name), value())) });
  const marks = { findById: vi.fn(() => lean('mark read', () => mark)), replaceOne: vi.fn(async (..._args: unknown[]) => (calls.push('mark set'), { matchedCount: 1 })) };
  const views = {
    findById: vi.fn(() => lean('view read', () => view)),
    replaceOne: vi.fn(async (..._args: unknown[]) => (calls.push('view set'), { matchedCount: 1 })),
    deleteOne: vi.fn(async () => (calls.push('view deleted'), { deletedCount: 1 })),
  };
  const cardModel = { find: vi.fn(() => ({ limit: vi.fn(() => lean('cards read', () => cards)) })) };
  const store = new QueueViewStore(
    cardModel as unknown as Model<PracticeCardRecord>,
    marks as unknown as Model<PracticeQueueMarkRecord>,
    views as unknown as Model<PracticeQueueViewRecord>,
  );
  return { store, calls, marks, views, cardModel };
}

describe('QueueViewStore.changed: after a write of the learner’s cards', () => {
  it('sets a new mark, then reads the cards and stores the view for that mark', async () => {
    const { store, calls, marks, views } = storeWith({ cards: [card('later', 5_000), card('sooner', -5_000)] });
    await store.changed('u1');
    expect(calls).toEqual(['mark set', 'cards read', 'view set']);
    const [, markSet] = marks.replaceOne.mock.calls[0] as [unknown, { token: string }];
    const [filter, viewSet] = views.replaceOne.mock.calls[0] as [unknown, { token: string; overflow: boolean; entriesJson: string }];
    expect(filter).toEqual({ _id: 'u1' });
    expect(viewSet.token).toBe(markSet.token);
    expect(markSet.token).not.toBe(NO_WRITES_YET);
    expect(viewSet.overflow).toBe(false);
    expect(decodeEntries(viewSet.entriesJson).map((e) => JSON.parse(e.cardJson).word)).toEqual(['sooner', 'later']);
  });

  it('replaces the mark without upsert when another first write inserted it at the same moment', async () => {
    const { store, marks } = storeWith();
    marks.replaceOne.mockRejectedValueOnce(duplicateKey);
    await store.changed('u1');
    expect(marks.replaceOne).toHaveBeenCalledTimes(2);
    expect(marks.replaceOne.mock.calls[1]).toEqual([{ _id: 'u1' }, { token: expect.any(String) }]);
  });

  it('throws when the mark cannot be set, after deleting the view, so the write’s caller fails (an event is redelivered)', async () => {
    const { store, calls, marks } = storeWith();
    marks.replaceOne.mockRejectedValueOnce(new Error('database away'));
    await expect(store.changed('u1')).rejects.toThrow('database away');
    expect(calls).toEqual(['view deleted']);
  });

  it('only logs a failed rebuild: the view no longer carries the mark, so the next read rebuilds it', async () => {
    const { store, cardModel } = storeWith();
    cardModel.find.mockImplementationOnce(() => ({ limit: vi.fn(() => ({ lean: vi.fn(async () => Promise.reject(new Error('read failed'))) })) }));
    await expect(store.changed('u1')).resolves.toBeUndefined();
  });
});

describe('QueueViewStore.afterWrite', () => {
  it('runs the write, then the view follows it, and answers the write’s result', async () => {
    const { store, calls } = storeWith();
    expect(await store.afterWrite('u1', async () => (calls.push('write'), 3))).toBe(3);
    expect(calls).toEqual(['write', 'mark set', 'cards read', 'view set']);
  });

  it('has the view follow a write that failed part way, and throws the write’s error, not the view’s', async () => {
    const { store, calls, marks } = storeWith();
    marks.replaceOne.mockRejectedValueOnce(new Error('mark failed too'));
    await expect(store.afterWrite('u1', async () => (calls.push('write'), Promise.reject(new Error('insert failed'))))).rejects.toThrow('insert failed');
    expect(calls).toEqual(['write', 'view deleted']);
  });
});

describe('QueueViewStore.entries: the queue’s read', () => {
  const entries = [{ id: 'c1', due: NOW.getTime() - 1_000, premium: false, cardJson: '{}' }];

  it('serves a view that carries the learner’s mark, reading no card', async () => {
    const { store, calls } = storeWith({ mark: { token: 'm1' }, view: { token: 'm1', builtAt: NOW, overflow: false, entriesJson: encodeEntries(entries) } });
    expect(await store.entries('u1', NOW)).toEqual(entries);
    expect(calls.sort()).toEqual(['mark read', 'view read']);
  });

  it('rebuilds a view for another mark, for the mark it read', async () => {
    const { store, calls, views } = storeWith({ mark: { token: 'm2' }, view: { token: 'm1', builtAt: NOW, overflow: false, entriesJson: '[]' }, cards: [card('new', -1_000)] });
    expect((await store.entries('u1', NOW))!.map((e) => JSON.parse(e.cardJson).word)).toEqual(['new']);
    expect(calls.slice(2)).toEqual(['cards read', 'view set']);
    expect((views.replaceOne.mock.calls[0] as [unknown, { token: string }])[1].token).toBe('m2');
  });

  it('builds the view of a learner without a mark for NO_WRITES_YET, and answers undefined past a view’s size', async () => {
    const { store, views } = storeWith();
    expect(await store.entries('u1', NOW)).toEqual([]);
    expect((views.replaceOne.mock.calls[0] as [unknown, { token: string }])[1].token).toBe(NO_WRITES_YET);
    const past = storeWith({ view: { token: NO_WRITES_YET, builtAt: NOW, overflow: true, entriesJson: '[]' } });
    expect(await past.store.entries('u1', NOW)).toBeUndefined();
  });
});

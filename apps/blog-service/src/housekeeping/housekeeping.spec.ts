import type { Model } from 'mongoose';
import { describe, expect, it } from 'vitest';
import { DATA_RETENTION_DAYS } from '@fluent/contracts';
import { PageViewRollup } from '../analytics/page-view-rollup';
import type { PageView, PageViewDay, RolledUpDay } from '../analytics/page-view.schema';
import type { ContactMessage } from '../contact/contact.schema';
import { DataRetention } from './data-retention';

type Doc = Record<string, unknown> & { _id: unknown };
type Filter = Record<string, unknown>;

/** Does a stored value pass one field's condition: equality, or `$lt` / `$gt` (strings and dates)? */
function passes(value: unknown, condition: unknown): boolean {
  if (condition && typeof condition === 'object' && !(condition instanceof Date)) {
    const ops = condition as { $lt?: unknown; $gt?: unknown };
    if ('$lt' in ops && !((value as number) < (ops.$lt as number))) return false;
    if ('$gt' in ops && !((value as number) > (ops.$gt as number))) return false;
    return true;
  }
  return value === condition;
}
const matches = (doc: Doc, filter: Filter) => Object.entries(filter).every(([field, condition]) => passes(doc[field], condition));

/** A collection in memory with what the rollup and the retention use of a mongoose Model. */
function collection(initial: Doc[] = []) {
  const docs: Doc[] = [...initial];
  const model = {
    create: async (doc: Doc) => {
      if (docs.some((d) => d._id === doc._id)) throw Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
      docs.push({ ...doc });
    },
    exists: async (filter: Filter) => (docs.some((d) => matches(d, filter)) ? { _id: 'x' } : null),
    distinct: (field: string) => ({ exec: async () => [...new Set(docs.map((d) => d[field]))] }),
    deleteMany: (filter: Filter) => ({
      exec: async () => {
        const before = docs.length;
        for (let i = docs.length - 1; i >= 0; i -= 1) if (matches(docs[i]!, filter)) docs.splice(i, 1);
        return { deletedCount: before - docs.length };
      },
    }),
    // The one pipeline the rollup runs: $match on equality, then $group by a field with $sum: 1.
    aggregate: (pipeline: [{ $match: Filter }, { $group: { _id: string } }]) => ({
      exec: async () => {
        const by = pipeline[1].$group._id.slice(1);
        const counts = new Map<unknown, number>();
        for (const doc of docs.filter((d) => matches(d, pipeline[0].$match))) counts.set(doc[by], (counts.get(doc[by]) ?? 0) + 1);
        return [...counts].map(([_id, views]) => ({ _id, views }));
      },
    }),
  };
  return { docs, model };
}

const DAY_MS = 86_400_000;
const view = (id: string, day: string, path: string): Doc => ({ _id: id, day, path, recordedAt: new Date(`${day}T12:00:00Z`) });

describe('PageViewRollup (#31 §5: page views are not one document per view forever)', () => {
  it('rolls the single views of a closed day up into one count per path, and deletes the single views', async () => {
    const views = collection([view('a', '2026-03-01', '/'), view('b', '2026-03-01', '/'), view('c', '2026-03-01', '/blog'), view('d', '2026-03-05', '/')]);
    const days = collection();
    const rolledUp = collection();
    const rollup = new PageViewRollup(
      views.model as unknown as Model<PageView>,
      days.model as unknown as Model<PageViewDay>,
      rolledUp.model as unknown as Model<RolledUpDay>,
      { closeAfterMs: 3 * DAY_MS, settleMs: 60_000 },
    );
    const now = new Date('2026-03-06T00:00:00Z');
    expect(await rollup.rollUp(now)).toEqual(['2026-03-01']);
    expect(days.docs.map(({ _id, views: n }) => [_id, n]).sort()).toEqual([
      ['2026-03-01 /', 2],
      ['2026-03-01 /blog', 1],
    ]);
    expect(rolledUp.docs.map(({ _id, views: n }) => [_id, n])).toEqual([['2026-03-01', 3]]);
    // Only the still open day keeps single views.
    expect(views.docs.map((d) => d._id)).toEqual(['d']);
    // A second run (another replica, a restart) changes nothing.
    expect(await rollup.rollUp(now)).toEqual([]);
    expect(days.docs).toHaveLength(2);
  });
});

describe('DataRetention (#31 §5: a stated retention period for stored data)', () => {
  it('deletes contact messages older than CONTACT_RETENTION_DAYS and page-view counts of days before PAGE_VIEW_RETENTION_DAYS, and keeps the rest', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);
    const dayOf = (n: number) => daysAgo(n).toISOString().slice(0, 10);
    const messages = collection([
      { _id: 'old', createdAt: daysAgo(DATA_RETENTION_DAYS.contactMessages + 1) },
      { _id: 'kept', createdAt: daysAgo(DATA_RETENTION_DAYS.contactMessages - 1) },
    ]);
    const counts = collection([
      { _id: `${dayOf(DATA_RETENTION_DAYS.pageViewCounts + 1)} /`, day: dayOf(DATA_RETENTION_DAYS.pageViewCounts + 1), path: '/', views: 4 },
      { _id: `${dayOf(DATA_RETENTION_DAYS.pageViewCounts - 1)} /`, day: dayOf(DATA_RETENTION_DAYS.pageViewCounts - 1), path: '/', views: 2 },
    ]);
    const rolledUp = collection([
      { _id: dayOf(DATA_RETENTION_DAYS.pageViewCounts + 1), views: 4 },
      { _id: dayOf(DATA_RETENTION_DAYS.pageViewCounts - 1), views: 2 },
    ]);
    const views = collection([view('stray', dayOf(DATA_RETENTION_DAYS.pageViewCounts + 2), '/')]);
    const retention = new DataRetention(
      messages.model as unknown as Model<ContactMessage>,
      counts.model as unknown as Model<PageViewDay>,
      rolledUp.model as unknown as Model<RolledUpDay>,
      views.model as unknown as Model<PageView>,
      { contactMessageDays: DATA_RETENTION_DAYS.contactMessages, pageViewDays: DATA_RETENTION_DAYS.pageViewCounts },
    );
    expect(await retention.apply(now)).toEqual({ contactMessages: 1, pageViewCounts: 1 });
    expect(messages.docs.map((d) => d._id)).toEqual(['kept']);
    expect(counts.docs.map((d) => d.day)).toEqual([dayOf(DATA_RETENTION_DAYS.pageViewCounts - 1)]);
    expect(rolledUp.docs.map((d) => d._id)).toEqual([dayOf(DATA_RETENTION_DAYS.pageViewCounts - 1)]);
    expect(views.docs).toEqual([]);
  });
});

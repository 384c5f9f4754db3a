import type { Model } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import type { PageView, PageViewDay, RolledUpDay } from './page-view.schema';
import { PageViewsService } from './page-views.service';

const EVENT = { id: '9b2f7c1e-2d4a-4f7b-9a51-3c8e0f6d1a22', path: '/blog', at: '2026-03-03T23:59:59.000Z' };
const query = <T>(value: T) => ({ lean: () => ({ exec: async () => value }) });

function service(views: Partial<Record<'create' | 'aggregate', unknown>>, days: unknown[] = [], rolled: string[] = []) {
  const dayFind = vi.fn(() => query(days));
  const rolledFind = vi.fn(() => query(rolled.map((_id) => ({ _id }))));
  const instance = new PageViewsService(
    views as unknown as Model<PageView>,
    { find: dayFind } as unknown as Model<PageViewDay>,
    { find: rolledFind } as unknown as Model<RolledUpDay>,
  );
  return { instance, dayFind, rolledFind };
}

describe('PageViewsService', () => {
  it('stores one view keyed by the event id, on the UTC day of the event, with when it was stored', async () => {
    const create = vi.fn(async () => undefined);
    const now = new Date('2026-03-04T00:00:01Z');
    expect(await service({ create }).instance.record({ ...EVENT, at: '2026-03-04T01:00:00+02:00' }, now)).toBe(true);
    expect(create).toHaveBeenCalledWith({ _id: EVENT.id, path: '/blog', day: '2026-03-03', recordedAt: now });
  });

  it('counts an event it has already stored once (duplicate key), and passes other errors on', async () => {
    const duplicate = Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    expect(await service({ create: vi.fn().mockRejectedValue(duplicate) }).instance.record(EVENT)).toBe(false);
    await expect(service({ create: vi.fn().mockRejectedValue(new Error('connection closed')) }).instance.record(EVENT)).rejects.toThrow('connection closed');
  });

  it('reports the daily counts of rolled-up days and the single views of the others, by day, then path, with their total', async () => {
    const aggregate = vi.fn(() => ({
      exec: async () => [
        { _id: { day: '2026-03-03', path: '/blog' }, views: 2 },
        { _id: { day: '2026-03-03', path: '/' }, views: 1 },
      ],
    }));
    const { instance, dayFind, rolledFind } = service({ aggregate }, [{ day: '2026-03-02', path: '/', views: 5 }], ['2026-03-02']);
    const report = await instance.report({ from: '2026-03-01', to: '2026-03-03', page: 1, limit: 500 });
    expect(report).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      total: 8,
      counts: [
        { day: '2026-03-02', path: '/', views: 5 },
        { day: '2026-03-03', path: '/', views: 1 },
        { day: '2026-03-03', path: '/blog', views: 2 },
      ],
      page: 1,
      limit: 500,
      rows: 3,
    });
    expect(rolledFind).toHaveBeenCalledWith({ _id: { $gte: '2026-03-01', $lte: '2026-03-03' } }, { _id: 1 });
    // Counts only of days marked rolled up; single views only of the other days (never both for one day).
    expect(dayFind).toHaveBeenCalledWith({ day: { $in: ['2026-03-02'] } });
    expect(aggregate).toHaveBeenCalledWith([
      { $match: { day: { $gte: '2026-03-01', $lte: '2026-03-03', $nin: ['2026-03-02'] } } },
      { $group: { _id: { day: '$day', path: '$path' }, views: { $sum: 1 } } },
    ]);
    await instance.report({ from: '2026-03-01', to: '2026-03-03', path: '/blog', page: 1, limit: 500 });
    expect(dayFind).toHaveBeenLastCalledWith({ day: { $in: ['2026-03-02'] }, path: '/blog' });
    expect(aggregate).toHaveBeenLastCalledWith(expect.arrayContaining([{ $match: { day: { $gte: '2026-03-01', $lte: '2026-03-03', $nin: ['2026-03-02'] }, path: '/blog' } }]));
  });

  it('answers one page of rows, with the total and the row count of the whole span', async () => {
    const aggregate = vi.fn(() => ({
      exec: async () => ['/', '/about', '/blog', '/contact', '/privacy'].map((path) => ({ _id: { day: '2026-03-03', path }, views: 2 })),
    }));
    const { instance } = service({ aggregate });
    const second = await instance.report({ from: '2026-03-01', to: '2026-03-03', page: 2, limit: 2 });
    expect(second).toMatchObject({ total: 10, rows: 5, page: 2, limit: 2 });
    expect(second.counts.map((c) => c.path)).toEqual(['/blog', '/contact']);
    expect((await instance.report({ from: '2026-03-01', to: '2026-03-03', page: 4, limit: 2 })).counts).toEqual([]);
  });

  it("counts no view of a path that is none of the site's pages", async () => {
    const create = vi.fn(async () => undefined);
    for (const path of ['/wp-admin', '/blog/Not-A-Slug', '/login/extra']) expect(await service({ create }).instance.record({ ...EVENT, path })).toBe(false);
    expect(await service({ create }).instance.record({ ...EVENT, path: '/blog/a-post' })).toBe(true);
    expect(create).toHaveBeenCalledTimes(1);
  });
});

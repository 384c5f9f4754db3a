import type { Model } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import type { PageView } from './page-view.schema';
import { PageViewsService } from './page-views.service';

const EVENT = { id: '9b2f7c1e-2d4a-4f7b-9a51-3c8e0f6d1a22', path: '/blog', at: '2026-03-03T23:59:59.000Z' };

describe('PageViewsService', () => {
  it('stores one view keyed by the event id, on the UTC day of the event', async () => {
    const create = vi.fn(async () => undefined);
    const service = new PageViewsService({ create } as unknown as Model<PageView>);
    expect(await service.record({ ...EVENT, at: '2026-03-04T01:00:00+02:00' })).toBe(true);
    expect(create).toHaveBeenCalledWith({ _id: EVENT.id, path: '/blog', day: '2026-03-03' });
  });

  it('counts an event it has already stored once (duplicate key), and passes other errors on', async () => {
    const duplicate = Object.assign(new Error('E11000 duplicate key'), { code: 11000 });
    const service = new PageViewsService({ create: vi.fn().mockRejectedValue(duplicate) } as unknown as Model<PageView>);
    expect(await service.record(EVENT)).toBe(false);
    const down = new PageViewsService({ create: vi.fn().mockRejectedValue(new Error('connection closed')) } as unknown as Model<PageView>);
    await expect(down.record(EVENT)).rejects.toThrow('connection closed');
  });

  it('reports the grouped counts by day, then path, with their total, for the span asked', async () => {
    const aggregate = vi.fn(() => ({
      exec: async () => [
        { _id: { day: '2026-03-03', path: '/blog' }, views: 2 },
        { _id: { day: '2026-03-02', path: '/' }, views: 5 },
        { _id: { day: '2026-03-03', path: '/' }, views: 1 },
      ],
    }));
    const service = new PageViewsService({ aggregate } as unknown as Model<PageView>);
    const report = await service.report({ from: '2026-03-01', to: '2026-03-03' });
    expect(report).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      total: 8,
      counts: [
        { day: '2026-03-02', path: '/', views: 5 },
        { day: '2026-03-03', path: '/', views: 1 },
        { day: '2026-03-03', path: '/blog', views: 2 },
      ],
    });
    expect(aggregate).toHaveBeenCalledWith([
      { $match: { day: { $gte: '2026-03-01', $lte: '2026-03-03' } } },
      { $group: { _id: { day: '$day', path: '$path' }, views: { $sum: 1 } } },
    ]);
    await service.report({ from: '2026-03-01', to: '2026-03-03', path: '/blog' });
    expect(aggregate).toHaveBeenLastCalledWith(expect.arrayContaining([{ $match: { day: { $gte: '2026-03-01', $lte: '2026-03-03' }, path: '/blog' } }]));
  });
});

import { describe, expect, it } from 'vitest';
import { closedDays, mergeCounts, retentionCutoffDay } from './rollup-plan';

const HOUR = 3_600_000;

describe('closedDays', () => {
  it('closes a day once closeAfterMs has passed since it ended, and no earlier', () => {
    const days = ['2026-03-03', '2026-03-01', '2026-03-02'];
    const closeAfter = 3 * 24 * HOUR;
    // 2026-03-02 ended at 03-03T00:00; three days later is 03-06T00:00.
    expect(closedDays(days, new Date('2026-03-05T23:59:59Z'), closeAfter)).toEqual(['2026-03-01']);
    expect(closedDays(days, new Date('2026-03-06T00:00:00Z'), closeAfter)).toEqual(['2026-03-01', '2026-03-02']);
    expect(closedDays(days, new Date('2026-03-10T00:00:00Z'), closeAfter)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
  });
});

describe('retentionCutoffDay', () => {
  it('is the day `days` days before now (UTC)', () => {
    expect(retentionCutoffDay(new Date('2026-03-05T01:00:00Z'), 365)).toBe('2025-03-05');
    expect(retentionCutoffDay(new Date('2026-03-05T01:00:00Z'), 730)).toBe('2024-03-05');
  });
});

describe('mergeCounts', () => {
  it('puts rolled-up and fresh rows together by day, then path, without empty rows', () => {
    expect(
      mergeCounts(
        [{ day: '2026-03-02', path: '/b', views: 2 }, { day: '2026-03-01', path: '/', views: 0 }],
        [{ day: '2026-03-02', path: '/a', views: 1 }, { day: '2026-03-05', path: '/', views: 4 }],
      ),
    ).toEqual([
      { day: '2026-03-02', path: '/a', views: 1 },
      { day: '2026-03-02', path: '/b', views: 2 },
      { day: '2026-03-05', path: '/', views: 4 },
    ]);
  });
});

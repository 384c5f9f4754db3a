import { describe, expect, it, vi } from 'vitest';
import { ItemReportRetention } from './item-report-retention';

describe('ItemReportRetention', () => {
  it('deletes the reports older than the retention period on each round', async () => {
    const deleteOlderThan = vi.fn(async () => 3);
    const retention = new ItemReportRetention({ deleteOlderThan }, { days: 365, intervalMs: 60_000 });
    const now = new Date('2027-01-01T00:00:00Z');
    await retention.round(now);
    expect(deleteOlderThan).toHaveBeenCalledWith(365, now);
  });

  it('survives a round that fails (the database away) and tries again next round', async () => {
    const deleteOlderThan = vi.fn().mockRejectedValueOnce(new Error('connection closed')).mockResolvedValueOnce(0);
    const retention = new ItemReportRetention({ deleteOlderThan }, { days: 30, intervalMs: 60_000 });
    await expect(retention.round()).resolves.toBeUndefined();
    await retention.round();
    expect(deleteOlderThan).toHaveBeenCalledTimes(2);
  });
});

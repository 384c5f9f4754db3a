import { describe, expect, it } from 'vitest';
import { formatTime, timeAnnouncement } from './format-time';

describe('formatTime (docs/product.md#the-test-screen: m:ss, or seconds with an s)', () => {
  it.each([
    [300_000, '5:00'],
    [299_001, '5:00'],
    [299_000, '4:59'],
    [90_000, '1:30'],
    [60_000, '1:00'],
    [59_999, '1:00'],
    [59_000, '59s'],
    [30_000, '30s'],
    [9_001, '10s'],
    [1, '1s'],
    [0, '0s'],
    [-50, '0s'],
  ])('%i ms -> %s', (ms, shown) => expect(formatTime(ms)).toBe(shown));
});

describe('timeAnnouncement', () => {
  it('speaks at the start, at 60, 30 and 10 s left and at the end, and not in between', () => {
    expect(timeAnnouncement(300_000, 300_000)).toBe('5 minutes to answer.');
    expect(timeAnnouncement(30_000, 30_000)).toBe('30 seconds to answer.');
    expect(timeAnnouncement(90_000, 90_000)).toBe('1 minute 30 seconds to answer.');
    expect(timeAnnouncement(60_000, 300_000)).toBe('1 minute left.');
    expect(timeAnnouncement(29_500, 60_000)).toBe('30 seconds left.');
    expect(timeAnnouncement(10_000, 60_000)).toBe('10 seconds left.');
    expect(timeAnnouncement(0, 60_000)).toBe('Time is up.');
    expect(timeAnnouncement(45_000, 60_000)).toBeUndefined();
    expect(timeAnnouncement(11_000, 60_000)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { dayKeyAtOffset, dayKeyInZone, endOfLearnerDay, learnerDays, zoneOffsetMs } from './learner-day';

const NOW = new Date('2026-11-26T21:30:00.000Z');
const at = (iso: string) => new Date(iso);

describe('day keys', () => {
  it('counts days at the learner offset from UTC', () => {
    expect(dayKeyAtOffset(0)(NOW)).toBe('2026-11-26');
    expect(dayKeyAtOffset(180)(NOW)).toBe('2026-11-27');
    expect(dayKeyAtOffset(-600)(at('2026-11-26T05:00:00Z'))).toBe('2026-11-25');
  });

  it('counts days in a time zone, summer time included', () => {
    expect(dayKeyInZone('Europe/Lisbon')(at('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(dayKeyInZone('Europe/Lisbon')(at('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
  });
});

describe("the learner's day", () => {
  it('ends at UTC midnight without a zone', () => {
    expect(endOfLearnerDay(new Date('2026-03-02T10:00:00Z'), undefined).toISOString()).toBe('2026-03-02T23:59:59.999Z');
  });

  it('ends at the zone’s midnight: Lisbon in summer is UTC+1, Tokyo UTC+9, New York UTC-4', () => {
    expect(zoneOffsetMs(new Date('2026-07-02T10:00:00Z'), 'Europe/Lisbon')).toBe(3_600_000);
    expect(endOfLearnerDay(new Date('2026-07-02T10:00:00Z'), 'Europe/Lisbon').toISOString()).toBe('2026-07-02T22:59:59.999Z');
    // 20:00 UTC is already the 3rd in Tokyo.
    expect(endOfLearnerDay(new Date('2026-07-02T20:00:00Z'), 'Asia/Tokyo').toISOString()).toBe('2026-07-03T14:59:59.999Z');
    expect(endOfLearnerDay(new Date('2026-07-02T02:00:00Z'), 'America/New_York').toISOString()).toBe('2026-07-02T03:59:59.999Z');
  });

  it('agrees with the day keys: the end is today, a millisecond later is tomorrow', () => {
    const now = new Date('2026-07-02T20:00:00Z');
    const days = learnerDays('Asia/Tokyo');
    const end = endOfLearnerDay(now, 'Asia/Tokyo');
    expect(days(end)).toBe(days(now));
    expect(days(new Date(end.getTime() + 1))).not.toBe(days(now));
  });
});

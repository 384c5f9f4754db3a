import { ZoneFormats } from './zone-formats';

/**
 * A day in the learner's calendar, as `YYYY-MM-DD`: "today", "reviewed today" and the streak are
 * counted in the learner's days, not UTC's (a review at 23:30 in Lisbon and one at 00:30 are two days).
 */
export type DayKey = (instant: Date) => string;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const dayFormats = new ZoneFormats('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClockFormats = new ZoneFormats('en-US', { hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

/**
 * Days at a fixed offset from UTC in minutes (east positive: +60 for CET). Simple, and what a
 * browser can send (`-new Date().getTimezoneOffset()`); it shifts by an hour across a DST change.
 */
export function dayKeyAtOffset(offsetMinutes: number): DayKey {
  return (instant) => new Date(instant.getTime() + offsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/** Days in an IANA time zone ('Europe/Lisbon'), DST included. Throws RangeError for an unknown zone. */
export function dayKeyInZone(timeZone: string): DayKey {
  const format = dayFormats.of(timeZone);
  return (instant) => format.format(instant);
}

/** The learner's calendar: their IANA zone when the browser sent one (the request schema validated it), UTC otherwise. */
export function learnerDays(tz: string | undefined): DayKey {
  return tz ? dayKeyInZone(tz) : dayKeyAtOffset(0);
}

/** The zone's offset from UTC at `now`, in ms (east positive). */
export function zoneOffsetMs(now: Date, timeZone: string | undefined): number {
  if (!timeZone) return 0;
  const part = Object.fromEntries(wallClockFormats.of(timeZone).formatToParts(now).map((p) => [p.type, Number(p.value)]));
  const wallClock = Date.UTC(part['year'] ?? 0, (part['month'] ?? 1) - 1, part['day'] ?? 1, part['hour'] ?? 0, part['minute'] ?? 0, part['second'] ?? 0);
  return wallClock - Math.floor(now.getTime() / 1000) * 1000;
}

/**
 * The last instant of the learner's today, the queue's `due <= end` bound: the next
 * midnight of their zone at its offset now (across a DST change later today, an hour off: a card due
 * in that hour counts for tomorrow).
 */
export function endOfLearnerDay(now: Date, timeZone: string | undefined): Date {
  const offset = zoneOffsetMs(now, timeZone);
  const wallDay = Math.floor((now.getTime() + offset) / DAY_MS) * DAY_MS;
  return new Date(wallDay + DAY_MS - offset - 1);
}

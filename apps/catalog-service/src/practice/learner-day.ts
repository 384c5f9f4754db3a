import { dayKeyAtOffset, dayKeyInZone, type DayKey } from '@fluent/practice';

const DAY_MS = 86_400_000;

/** The learner's calendar: their IANA zone when the browser sent one (the schema validated it), UTC otherwise. */
export function learnerDays(tz: string | undefined): DayKey {
  return tz ? dayKeyInZone(tz) : dayKeyAtOffset(0);
}

/** The zone's offset from UTC at `now`, in ms (east positive). */
export function zoneOffsetMs(now: Date, timeZone: string | undefined): number {
  if (!timeZone) return 0;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const part = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, Number(p.value)]));
  const wallClock = Date.UTC(part['year'] ?? 0, (part['month'] ?? 1) - 1, part['day'] ?? 1, part['hour'] ?? 0, part['minute'] ?? 0, part['second'] ?? 0);
  return wallClock - Math.floor(now.getTime() / 1000) * 1000;
}

/**
 * The last instant of the learner's today, for the queue's `dueAt <= end` index read: the next
 * midnight of their zone at its offset now (across a DST change later today, an hour off: a card due
 * in that hour counts for tomorrow).
 */
export function endOfLearnerDay(now: Date, timeZone: string | undefined): Date {
  const offset = zoneOffsetMs(now, timeZone);
  const wallDay = Math.floor((now.getTime() + offset) / DAY_MS) * DAY_MS;
  return new Date(wallDay + DAY_MS - offset - 1);
}

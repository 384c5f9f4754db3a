import { utcDay, type PageViewCount } from '@fluent/contracts';

const DAY_MS = 86_400_000;

/** The key of a day's count for one path. */
export const dailyCountId = (day: string, path: string): string => `${day} ${path}`;

/**
 * The days among `days` that are closed at `now`: no view of them can still arrive, because the
 * page-view stream drops an event older than its max age (`closeAfterMs` must be at least that).
 * A day closes `closeAfterMs` after it ended.
 */
export function closedDays(days: string[], now: Date, closeAfterMs: number): string[] {
  return days.filter((day) => Date.parse(`${day}T00:00:00Z`) + DAY_MS + closeAfterMs <= now.getTime()).sort();
}

/** The first day kept when data is kept `days` days: anything before it is deleted. */
export function retentionCutoffDay(now: Date, days: number): string {
  return utcDay(new Date(now.getTime() - days * DAY_MS));
}

/** Report rows from rolled-up counts and from single views (already grouped), by day, then path. */
export function mergeCounts(rolled: PageViewCount[], fresh: PageViewCount[]): PageViewCount[] {
  return [...rolled, ...fresh].filter((c) => c.views > 0).sort((a, b) => a.day.localeCompare(b.day) || a.path.localeCompare(b.path));
}

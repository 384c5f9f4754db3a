import { z } from 'zod';
import { calendarDaySchema } from '../blog/schemas';
import { calendarDay, count } from '../common/wire';

/**
 * A route of the web app, as `location.pathname` gives it: no query and no fragment (they can carry
 * personal data, such as an email in a link), printable URL characters only, bounded length.
 */
export const pageViewPathSchema = z
  .string({ error: 'Path is required' })
  .min(1, 'Path is required')
  .max(200, 'Path must be at most 200 characters')
  .regex(/^\/[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/, 'Path must be a URL path starting with / (no query or fragment)');

/**
 * POST /api/analytics/page-view. Only the path: no user, no referrer, no screen size. Unknown fields
 * are dropped, never forwarded.
 */
export const pageViewSchema = z.object({ path: pageViewPathSchema });
export type PageViewInput = z.infer<typeof pageViewSchema>;

/** The answer: whether the view was counted (false when the browser asked not to be tracked). */
export const pageViewReceiptSchema = z.object({ recorded: z.boolean() });
export type PageViewReceipt = z.infer<typeof pageViewReceiptSchema>;

/**
 * The event the gateway publishes on JetStream for each counted view. `id` is also the JetStream
 * message id and the stored document's key, so neither a repeated publish nor a redelivery counts
 * a view twice.
 */
export const pageViewedEventSchema = z.object({
  id: z.uuid(),
  path: pageViewPathSchema,
  /** When the gateway received it (ISO timestamp); the day it is counted on is its UTC date. */
  at: z.iso.datetime({ offset: true }),
});
export type PageViewedEvent = z.infer<typeof pageViewedEventSchema>;

/** At most this many days in one report. */
export const PAGE_VIEW_REPORT_MAX_DAYS = 366;
/** The report's default span, ending today. */
export const PAGE_VIEW_REPORT_DEFAULT_DAYS = 30;

/**
 * Rows of a report page: at most this many (a row is a day, a path of at most 200 characters and a
 * count, so a full page stays far under NATS's 1 MB payload limit whatever is stored).
 */
export const PAGE_VIEW_REPORT_PAGE_MAX = 1000;
export const PAGE_VIEW_REPORT_PAGE_DEFAULT = 500;

/** `page` (from 1) and `limit` of a paged operator list, from the query string. */
export const pageQuery = (max: number, byDefault: number) => ({
  page: z.coerce.number({ error: 'page must be a whole number from 1' }).int('page must be a whole number from 1').min(1, 'page must be a whole number from 1').max(1_000_000, 'page is too large').default(1),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${max}` })
    .int(`limit must be a whole number from 1 to ${max}`)
    .min(1, `limit must be a whole number from 1 to ${max}`)
    .max(max, `limit must be a whole number from 1 to ${max}`)
    .default(byDefault),
});

/** GET /api/analytics/page-views?from=&to=&path=&page=&limit= (operators only). Days are UTC calendar days. */
export const pageViewReportQuerySchema = z.object({
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  path: pageViewPathSchema.optional(),
  ...pageQuery(PAGE_VIEW_REPORT_PAGE_MAX, PAGE_VIEW_REPORT_PAGE_DEFAULT),
});
export type PageViewReportQuery = z.infer<typeof pageViewReportQuerySchema>;

/** What blog-service is asked: the span resolved to concrete days (see resolveReportSpan). */
export const pageViewReportRequestSchema = z
  .object({ from: calendarDaySchema, to: calendarDaySchema, path: pageViewPathSchema.optional(), ...pageQuery(PAGE_VIEW_REPORT_PAGE_MAX, PAGE_VIEW_REPORT_PAGE_DEFAULT) })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
  .refine((q) => daysBetween(q.from, q.to) < PAGE_VIEW_REPORT_MAX_DAYS, {
    message: `A report covers at most ${PAGE_VIEW_REPORT_MAX_DAYS} days`,
    path: ['from'],
  });
export type PageViewReportRequest = z.infer<typeof pageViewReportRequestSchema>;

export const pageViewCountSchema = z.object({
  /** UTC calendar day, `YYYY-MM-DD`. */
  day: calendarDay,
  path: z.string(),
  views: z.number().int().positive(),
});
export type PageViewCount = z.infer<typeof pageViewCountSchema>;

export const pageViewReportSchema = z.object({
  from: calendarDay,
  to: calendarDay,
  /** Sum of `views` over every row of the span (all pages). */
  total: count,
  /** This page's rows: one per day and path with at least one view, by day, then path. */
  counts: z.array(pageViewCountSchema),
  /** The page (from 1) and its size; `rows` counts the rows of every page. */
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  rows: count,
});
export type PageViewReport = z.infer<typeof pageViewReportSchema>;

/** The UTC calendar day of an instant: '2026-03-03T23:59:59Z' -> '2026-03-03'. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 for the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The concrete span of a report: `to` defaults to today, `from` to the default span before `to`.
 * Pure: `today` is passed in.
 */
export function resolveReportSpan(query: Partial<PageViewReportQuery>, today: Date): PageViewReportRequest {
  const to = query.to ?? utcDay(today);
  const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (PAGE_VIEW_REPORT_DEFAULT_DAYS - 1) * 86_400_000));
  return { from, to, ...(query.path ? { path: query.path } : {}), page: query.page ?? 1, limit: query.limit ?? PAGE_VIEW_REPORT_PAGE_DEFAULT };
}

/** The Keycloak realm role that may read the page-view report. */
export const OPERATOR_ROLE = 'operator';

/**
 * How long a page-view event waits in its JetStream stream for blog-service (FLUENT_PAGE_VIEWS'
 * max age). Older ones are dropped unread, so no view of a day can arrive later than this after
 * the day ended: blog-service rolls a day's views up into daily counts once it is that far past.
 */
export const PAGE_VIEW_EVENT_MAX_AGE_MS = 3 * 86_400_000;

/**
 * How long stored data is kept (docs/architecture.md#blog-contact-and-page-views; the privacy page). The
 * services delete what is older; their environment can shorten or lengthen it
 * (CONTACT_RETENTION_DAYS, PAGE_VIEW_RETENTION_DAYS), and the privacy page then needs the same.
 */
export const DATA_RETENTION_DAYS = {
  /** Contact-form messages: a year, time to answer and for any follow-up. */
  contactMessages: 365,
  /** Page-view counts per path and day: two years, for comparing a month with the year before. */
  pageViewCounts: 730,
  /** Item reports (a learner's answer and comment): a year, time to review them and fix the bank. */
  itemReports: 365,
} as const;

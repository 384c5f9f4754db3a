import { z } from 'zod';
import { count, isoTime } from '../common/wire';
import { pageQuery } from '../analytics/schemas';
import { ITEM_REPORT_COMMENT_MAX, ITEM_REPORT_LIST_PAGE_DEFAULT, ITEM_REPORT_LIST_PAGE_MAX, ITEM_REPORT_REASONS, REPORTABLE_SECTIONS } from './text';

const itemId = z.number().int().min(0);
const testId = z.number().int().min(1).max(20);

/** The body of POST /api/attempts/:id/reports. The learner's answer is taken from the stored attempt, never from here. */
export const itemReportSchema = z
  .object({
    section: z.enum(REPORTABLE_SECTIONS),
    itemId: z.number().int().nonnegative(),
    reason: z.enum(ITEM_REPORT_REASONS),
    comment: z.string().trim().max(ITEM_REPORT_COMMENT_MAX, `comment must be at most ${ITEM_REPORT_COMMENT_MAX} characters`).default(''),
  })
  .strict();
export type ItemReportInput = z.infer<typeof itemReportSchema>;

export const itemReportReceiptSchema = z.object({ message: z.string() });
export type ItemReportReceipt = z.infer<typeof itemReportReceiptSchema>;

/** One report as operators read it. */
export const itemReportEntrySchema = z.object({ attemptId: z.string(), answer: z.string(), reason: z.enum(ITEM_REPORT_REASONS), comment: z.string(), reportedAt: isoTime });
export type ItemReportEntry = z.infer<typeof itemReportEntrySchema>;

/** The reports of one item, newest first. */
export const reportedItemSchema = z.object({
  section: z.enum(REPORTABLE_SECTIONS),
  itemId,
  testId,
  /** The item as it was asked (the question, the jumbled words, the passage or the email prompt). */
  prompt: z.string(),
  count: count,
  reasons: z.object(Object.fromEntries(ITEM_REPORT_REASONS.map((reason) => [reason, count])) as Record<(typeof ITEM_REPORT_REASONS)[number], typeof count>),
  reports: z.array(itemReportEntrySchema),
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;

/** GET /api/reports?page=&limit= (operators). */
export const itemReportListQuerySchema = z.object(pageQuery(ITEM_REPORT_LIST_PAGE_MAX, ITEM_REPORT_LIST_PAGE_DEFAULT)).strict();
export type ItemReportListQuery = z.infer<typeof itemReportListQuerySchema>;

/** GET /api/reports (operators): one page of the items with the most reports first. */
export const itemReportListSchema = z.object({
  items: z.array(reportedItemSchema),
  /** The page (from 1) and its size; `totalItems` counts the items of every page. */
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
  totalItems: count,
});
export type ItemReportList = z.infer<typeof itemReportListSchema>;

/** What catalog-service is asked to store a report with (the caller as the gateway verified it). */
export const reportItemRequestSchema = z.object({ uid: z.string().min(1), attemptId: z.string().min(1).max(64), report: itemReportSchema });

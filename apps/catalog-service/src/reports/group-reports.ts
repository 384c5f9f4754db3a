import {
  ITEM_REPORT_LIST_REPORTS_PER_ITEM,
  ITEM_REPORT_LIST_TEXT_MAX,
  ITEM_REPORT_REASONS,
  type ItemReportList,
  type ItemReportListQuery,
  type ItemReportReason,
  type ReportedItem,
} from '@fluent/contracts';
import type { ItemReport } from './item-report.schema';

const noReasons = (): Record<ItemReportReason, number> => Object.fromEntries(ITEM_REPORT_REASONS.map((r) => [r, 0])) as Record<ItemReportReason, number>;

/** Reports grouped by item: the most reported items first, each item's reports newest first. */
export function groupReports(reports: ItemReport[]): ReportedItem[] {
  const byItem = new Map<string, ReportedItem>();
  const newestFirst = [...reports].sort((a, b) => b.reportedAt.getTime() - a.reportedAt.getTime());
  for (const report of newestFirst) {
    let item = byItem.get(report.item);
    if (!item) {
      item = { section: report.section, itemId: report.itemId, testId: report.testId, prompt: report.prompt, count: 0, reasons: noReasons(), reports: [] };
      byItem.set(report.item, item);
    }
    item.count += 1;
    item.reasons[report.reason] += 1;
    item.reports.push({ attemptId: report.attemptId, answer: report.answer, reason: report.reason, comment: report.comment, reportedAt: report.reportedAt.toISOString() });
  }
  return [...byItem.values()].sort((a, b) => b.count - a.count || a.section.localeCompare(b.section) || a.itemId - b.itemId);
}

/** A text cut to `max` characters (code points, never half a surrogate pair), ending with … when cut. */
export function truncateText(text: string, max = ITEM_REPORT_LIST_TEXT_MAX): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/**
 * One page of grouped items as operators read it: each item with its newest few reports (its
 * count and reasons still cover them all), long texts cut (ItemReportList's bounds).
 */
export function pageOfItems(items: ReportedItem[], query: ItemReportListQuery): ItemReportList {
  const start = (query.page - 1) * query.limit;
  return {
    items: items.slice(start, start + query.limit).map((item) => ({
      ...item,
      prompt: truncateText(item.prompt),
      reports: item.reports.slice(0, ITEM_REPORT_LIST_REPORTS_PER_ITEM).map((report) => ({ ...report, answer: truncateText(report.answer), comment: truncateText(report.comment) })),
    })),
    page: query.page,
    limit: query.limit,
    totalItems: items.length,
  };
}

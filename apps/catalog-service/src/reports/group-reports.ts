import { ITEM_REPORT_REASONS, type ItemReportReason, type ReportedItem } from '@fluent/contracts';
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

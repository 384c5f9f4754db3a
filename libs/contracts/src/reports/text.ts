/**
 * "Report a problem" on an item of the results screen: a learner tells us an answer should have
 * been accepted, or a question is unclear. Operators read the reports grouped by item and turn
 * good ones into accepted alternatives in the question bank (docs/development.md#item-reports-report-a-problem). The words and
 * choices here; the schemas in schemas.ts, so that the results screen does not load the validation
 * library for them.
 */

/** The sections whose items can be reported, named as the assembled test names them. */
export const REPORTABLE_SECTIONS = ['typing', 'sentences', 'fills', 'jumbled', 'passages', 'email'] as const;
export type ReportableSection = (typeof REPORTABLE_SECTIONS)[number];

export const ITEM_REPORT_REASONS = ['answer-should-be-accepted', 'question-unclear', 'other'] as const;
export type ItemReportReason = (typeof ITEM_REPORT_REASONS)[number];

/** What the results screen shows for each reason. */
export const ITEM_REPORT_REASON_LABELS: Record<ItemReportReason, string> = {
  'answer-should-be-accepted': 'My answer should be accepted',
  'question-unclear': 'The question is unclear',
  other: 'Other',
};

export const ITEM_REPORT_COMMENT_MAX = 1000;

export const ITEM_REPORT_THANKS = 'Thank you. We will review this item.';

export const ItemReportErrors = {
  alreadyReported: 'You have already reported this item.',
  notInAttempt: 'This item is not part of that attempt.',
} as const;

/**
 * The operators' list is bounded whatever learners send (docs/development.md#item-reports-report-a-problem): it groups the
 * newest ITEM_REPORT_LIST_READ reports, answers one page of items, each with its newest
 * ITEM_REPORT_LIST_REPORTS_PER_ITEM reports (its `count` and `reasons` cover all of them), and cuts
 * a prompt, answer or comment longer than ITEM_REPORT_LIST_TEXT_MAX characters there (ending it with
 * …). A full page is then a few hundred kilobytes at most, under NATS's 1 MB payload limit.
 */
export const ITEM_REPORT_LIST_READ = 5000;
export const ITEM_REPORT_LIST_PAGE_MAX = 20;
export const ITEM_REPORT_LIST_PAGE_DEFAULT = 10;
export const ITEM_REPORT_LIST_REPORTS_PER_ITEM = 10;
export const ITEM_REPORT_LIST_TEXT_MAX = 300;

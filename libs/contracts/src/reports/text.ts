/**
 * "Report a problem" on an item of the results screen: a learner tells us an answer should have
 * been accepted, or a question is unclear. Operators read the reports grouped by item and turn
 * good ones into accepted alternatives in the question bank (README, "Item reports"). The words and
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

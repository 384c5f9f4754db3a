import type { WritingIssue } from '@fluent/contracts';

export type Segment = { text: string; issue?: undefined } | { text: string; issue: WritingIssue; index: number };

/**
 * The learner's text cut into plain runs and issue runs, in order. Issues come sorted and apart
 * from the server; one that overlaps the last or falls outside the text is shown as plain text.
 */
export function segments(text: string, issues: readonly WritingIssue[]): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  issues.forEach((issue, index) => {
    const end = issue.offset + issue.length;
    if (issue.offset < at || end > text.length || issue.length <= 0) return;
    if (issue.offset > at) out.push({ text: text.slice(at, issue.offset) });
    out.push({ text: text.slice(issue.offset, end), issue, index });
    at = end;
  });
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

export const CATEGORY_LABELS: Record<WritingIssue['category'], string> = {
  grammar: 'Grammar',
  spelling: 'Spelling',
  punctuation: 'Punctuation',
  style: 'Style',
  variant: 'Variant spelling',
};

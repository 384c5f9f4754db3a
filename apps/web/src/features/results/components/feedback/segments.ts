import type { PassageDeviation, WritingIssue } from '@fluent/contracts';

/** A marked run of the learner's text: a checker issue, or a difference from a passage's original. */
export interface Span {
  offset: number;
  length: number;
}

export type Segment<T extends Span = WritingIssue> = { text: string; issue?: undefined } | { text: string; issue: T; index: number };

/**
 * The learner's text cut into plain runs and issue runs, in order. Issues come sorted and apart
 * from the server; one that overlaps the last or falls outside the text is shown as plain text.
 */
export function segments<T extends Span = WritingIssue>(text: string, issues: readonly T[]): Segment<T>[] {
  const out: Segment<T>[] = [];
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

export type TextMark = (Span & { issue: WritingIssue; deviation?: undefined }) | (Span & { deviation: PassageDeviation; issue?: undefined });

/**
 * The checker's issues and a passage's differences from its original as one sorted list to mark. A
 * difference that overlaps an issue is left to the list below the text: the checker's issue keeps
 * its underline, so the count above the text always matches what is underlined.
 */
export function textMarks(issues: readonly WritingIssue[], deviations: readonly PassageDeviation[] = []): TextMark[] {
  const overlaps = (d: PassageDeviation) => issues.some((i) => d.offset < i.offset + i.length && i.offset < d.offset + d.length);
  const marks: TextMark[] = [
    ...issues.map((issue) => ({ offset: issue.offset, length: issue.length, issue })),
    ...deviations.filter((d) => !overlaps(d)).map((deviation) => ({ offset: deviation.offset, length: deviation.length, deviation })),
  ];
  return marks.sort((a, b) => a.offset - b.offset);
}

export const CATEGORY_LABELS: Record<WritingIssue['category'], string> = {
  grammar: 'Grammar',
  spelling: 'Spelling',
  punctuation: 'Punctuation',
  style: 'Style',
  variant: 'Variant spelling',
};

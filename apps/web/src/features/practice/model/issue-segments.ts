/** A stretch of the sentence to fix: plain, or the words of one issue (its index in the card's list). */
export interface Segment {
  text: string;
  issue?: number;
}

/**
 * The sentence cut at its issues (offsets and lengths in UTF-16 code units, as the checker gives
 * them), so that each issue's words can be marked and numbered. Issues out of order, overlapping
 * an earlier one or reaching past the end are clipped, never lose text.
 */
export function issueSegments(sentence: string, issues: readonly { offset: number; length: number }[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  const ordered = issues.map((issue, index) => ({ ...issue, index })).sort((a, b) => a.offset - b.offset);
  for (const { offset, length, index } of ordered) {
    const start = Math.max(offset, at);
    const end = Math.min(offset + length, sentence.length);
    if (end <= start) continue;
    if (start > at) segments.push({ text: sentence.slice(at, start) });
    segments.push({ text: sentence.slice(start, end), issue: index });
    at = end;
  }
  if (at < sentence.length) segments.push({ text: sentence.slice(at) });
  return segments;
}

/** Whole days from `now` to `due` in the learner's calendar (0: later today). */
export function daysUntil(due: Date, now: Date): number {
  const midnight = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((midnight(due) - midnight(now)) / 86_400_000);
}

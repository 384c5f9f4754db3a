import { SECTION_TIMINGS_MS, type TypingDetail } from '@fluent/contracts';
import { elapsedMinutes, typedWords } from './typing';

/**
 * The typing figures typing-test sites show, beside the WPM and accuracy of docs/product.md#typing (which
 * `scoreTyping` keeps exactly). Built from the runner's keystroke timeline: one
 * [ms since the timer started, text length] entry per change.
 */

/** The usual convention: a "word" is five characters, spaces included. */
export const CHARACTERS_PER_WORD = 5;
/** The typing section's length in seconds: the speed chart has at most one point a second. */
export const TYPING_SECONDS = SECTION_TIMINGS_MS.typing / 1000;

export type TypingTimeline = ReadonlyArray<readonly [number, number]>;

/** Fewest single-character edits turning `a` into `b` (or, with `prefix`, into any prefix of `b`). */
export function editDistance(a: string, b: string, prefix = false): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
    }
    previous = current;
  }
  return prefix ? Math.min(...previous) : previous[b.length]!;
}

/**
 * Characters left wrong: each typed word against the paragraph's word at the same position (as
 * §9 compares words), counting the edits between them, so a missed letter is one error rather
 * than a shifted rest of the word. A last word not yet followed by a space may be unfinished, so
 * it is compared with the start of its paragraph word.
 */
export function errorsLeft(reference: string, typed: string): number {
  const expected = typedWords(reference);
  const given = typedWords(typed);
  const lastMayBeUnfinished = !/\s$/.test(typed);
  return given.reduce((errors, word, i) => {
    const unfinished = lastMayBeUnfinished && i === given.length - 1;
    return errors + editDistance(word, expected[i] ?? '', unfinished);
  }, 0);
}

/**
 * The timeline as the analysis reads it: times within the section, in order, ending at the
 * final text's length (a timeline that was capped, or lost its last entry, still adds up).
 */
function normalise(timeline: TypingTimeline, finalLength: number, elapsedMs: number): Array<[number, number]> {
  const entries: Array<[number, number]> = [];
  let last = 0;
  for (const [ms, length] of timeline) {
    const at = Math.min(Math.max(ms, last), elapsedMs);
    entries.push([at, Math.max(0, length)]);
    last = at;
  }
  if (entries.length === 0 || entries[entries.length - 1]![1] !== finalLength) entries.push([elapsedMs, finalLength]);
  return entries;
}

/**
 * A smooth map of the coefficient of variation (standard deviation ÷ mean of the per-second
 * speeds) onto 0-100: 100 for an even speed, falling towards 0 as the speed varies more.
 */
export function consistencyOf(speeds: readonly number[]): number {
  if (speeds.length === 0) return 0;
  const mean = speeds.reduce((sum, v) => sum + v, 0) / speeds.length;
  if (mean === 0) return 0;
  const variance = speeds.reduce((sum, v) => sum + (v - mean) ** 2, 0) / speeds.length;
  const cv = Math.sqrt(variance) / mean;
  return Math.round(100 * (1 - Math.tanh(cv + cv ** 3 / 3 + cv ** 5 / 5)));
}

export function typingDetail(reference: string, typed: string, elapsedMs: number, timeline: TypingTimeline): TypingDetail {
  const elapsed = Math.min(Math.max(elapsedMs, 0), TYPING_SECONDS * 1000);
  const seconds = Math.min(TYPING_SECONDS, Math.max(1, Math.ceil(elapsed / 1000)));
  const entered = Array<number>(seconds).fill(0);
  let previous = 0;
  let deleted = 0;
  for (const [ms, length] of normalise(timeline, typed.length, elapsed)) {
    const change = length - previous;
    // A change at 1000 ms happened within the first second: seconds are (0, 1000], (1000, 2000] …
    if (change > 0) entered[Math.min(Math.max(0, Math.ceil(ms / 1000) - 1), seconds - 1)]! += change;
    else deleted -= change;
    previous = length;
  }
  const totalEntered = entered.reduce((sum, v) => sum + v, 0);
  const perSecond = entered.map((chars) => (chars / CHARACTERS_PER_WORD) * 60);
  const wrong = errorsLeft(reference, typed);
  const minutes = elapsedMinutes(elapsed);
  return {
    rawWpm: Math.round(totalEntered / CHARACTERS_PER_WORD / minutes),
    netWpm: Math.round(Math.max(0, typed.length - wrong) / CHARACTERS_PER_WORD / minutes),
    perSecond,
    consistency: consistencyOf(perSecond),
    errorsCorrected: deleted,
    errorsLeft: wrong,
  };
}

import { wordsOf } from './normalise';

/**
 * Function words that carry little content; the overlap guide ignores them so that "the" and
 * "of" do not make a poor reconstruction look good.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if so of to in on at by for with from as is are was were be been being am ' +
    'it its this that these those there their they them he she his her him we our us you your i me my ' +
    'do does did have has had not no will would can could should may might must shall than then too ' +
    'very just also into onto over under about after before while when where which who whom what why how ' +
    'all any each every some such more most other only own same both few up down out off again once'
  ).split(' '),
);

export function wordCount(text: string): number {
  return text.trim() === '' ? 0 : text.trim().split(/\s+/).length;
}

function contentWords(text: string): string[] {
  return wordsOf(text.replace(/[^\p{L}\p{N}'\s]/gu, ' ')).filter((w) => !STOP_WORDS.has(w));
}

/**
 * Share (0-100, rounded) of the original's distinct content words that appear in the
 * reconstruction. A rough guide to how much of the passage was kept, shown as such.
 */
export function contentOverlap(original: string, reconstruction: string): number {
  const wanted = new Set(contentWords(original));
  if (wanted.size === 0) return 0;
  const given = new Set(contentWords(reconstruction));
  let kept = 0;
  for (const word of wanted) if (given.has(word)) kept++;
  return Math.round((kept / wanted.size) * 100);
}

import { tokens } from '@fluent/writing-feedback';

/** A sentence of a text with where it starts (UTF-16 code units, as the feedback's issue offsets count). */
export interface SentenceSpan {
  text: string;
  start: number;
}

/**
 * The text's sentences as writing feedback splits them (libs/writing-feedback `sentences`: runs
 * ending in . ! ? or a line break; a last run without an end counts too), trimmed, with their
 * offsets so that an issue found in the whole text can be placed in its sentence.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  for (const match of text.matchAll(/[^.!?\n]+(?:[.!?]+|\n|$)/g)) {
    const raw = match[0];
    const lead = raw.length - raw.trimStart().length;
    const sentence = raw.trim();
    if (tokens(sentence).length > 0) spans.push({ text: sentence, start: match.index + lead });
  }
  return spans;
}

import type { PassageFeedback, SentenceCoverage } from '@fluent/contracts';
import { languageReport, NO_MATCHES, type CheckerResult } from './language';
import { clamp, contentKeys, round, sentences, wordCount } from './words';

/**
 * Passage reconstruction, scored on our practice scale. Content is compared by word key (lemma,
 * then stem: "went" meets "go", "carried" meets "carry"), never by exact strings, so a faithful
 * paraphrase that keeps the passage's content words scores well.
 *
 * - A sentence of the original is *covered* when the reconstruction has 40 % of its content words;
 *   it counts in full from 60 % (a paraphrase changes some words), and not at all below 40 %.
 * - Recall (0-100) is 70 % sentence coverage and 30 % the share of the original's distinct content
 *   words (in full from 80 %): copying two sentences of five scores about half, not like the whole
 *   passage, because the words the sentences share do not cover the other three.
 * - Order: the share of pairs of covered sentences that come in the original's order.
 * - Length: the reconstruction's words against the original's; 60-140 % is fair.
 * - The score is 65 % recall; order, length and language accuracy make up the rest, weighted by
 *   recall, so a fluent text about something else scores near 0.
 */
export const COVERED_SHARE = 0.4;
const FULL_SENTENCE_SHARE = 0.6;
const FULL_WORD_SHARE = 0.8;
const FAIR_LENGTH = { min: 0.6, max: 1.4 };
const VERDICT_LENGTH = { short: 0.5, long: 1.6 };

export function passageFeedback(index: number, original: string, text: string, checked: CheckerResult = NO_MATCHES): PassageFeedback {
  const originalSentences = sentences(original);
  const originalWords = wordCount(original);
  const words = wordCount(text);
  const given = new Set(contentKeys(text));
  const keysBySentence = originalSentences.map((s) => new Set(contentKeys(s)));
  const coverage: SentenceCoverage[] = originalSentences.map((sentence, i) => {
    const keys = keysBySentence[i]!;
    const share = keys.size === 0 ? 0 : [...keys].filter((k) => given.has(k)).length / keys.size;
    return { sentence, share: round(share * 100), covered: words > 0 && share >= COVERED_SHARE };
  });
  const language = languageReport(text, checked);
  const lengthVerdict = words / Math.max(1, originalWords) < VERDICT_LENGTH.short ? 'short' : words / Math.max(1, originalWords) > VERDICT_LENGTH.long ? 'long' : 'fair';
  const length = { words, originalWords, verdict: lengthVerdict } as const;
  if (words === 0) {
    return { index, blank: true, text, recall: 0, sentences: coverage, orderKept: null, length: { ...length, verdict: 'short' }, language, score: 0 };
  }

  const allKeys = new Set(keysBySentence.flatMap((keys) => [...keys]));
  const wordShare = allKeys.size === 0 ? 0 : [...allKeys].filter((k) => given.has(k)).length / allKeys.size;
  const sentenceShare =
    coverage.length === 0 ? 0 : coverage.reduce((sum, c) => sum + (c.covered ? Math.min(1, c.share / 100 / FULL_SENTENCE_SHARE) : 0), 0) / coverage.length;
  const recall = round(100 * (0.7 * sentenceShare + 0.3 * Math.min(1, wordShare / FULL_WORD_SHARE)));
  const orderKept = orderScore(text, keysBySentence, coverage);
  const accuracy = language.notEnglish ? 0 : language.accuracy;
  const rest = 0.1 * (orderKept ?? recall) + 0.1 * lengthScore(words / Math.max(1, originalWords)) + 0.15 * accuracy;
  const score = round(clamp(0.65 * recall + (recall / 100) * rest));
  return { index, blank: false, text, recall, sentences: coverage, orderKept, length, language, score };
}

/** 100 inside the fair band, falling to 0 at no words and at 2.4 times the original. */
export function lengthScore(ratio: number): number {
  if (ratio < FAIR_LENGTH.min) return clamp((ratio / FAIR_LENGTH.min) * 100);
  if (ratio > FAIR_LENGTH.max) return clamp(100 - (ratio - FAIR_LENGTH.max) * 100);
  return 100;
}

/**
 * Where each covered sentence sits in the reconstruction (the median first position of its
 * words, preferring words no other sentence has), and the share of pairs in the original's order.
 */
function orderScore(text: string, keysBySentence: Set<string>[], coverage: SentenceCoverage[]): number | null {
  const sequence = contentKeys(text);
  const firstAt = new Map<string, number>();
  sequence.forEach((key, i) => {
    if (!firstAt.has(key)) firstAt.set(key, i);
  });
  const count = new Map<string, number>();
  for (const keys of keysBySentence) for (const k of keys) count.set(k, (count.get(k) ?? 0) + 1);
  const positions: number[] = [];
  keysBySentence.forEach((keys, i) => {
    if (!coverage[i]?.covered) return;
    const found = [...keys].filter((k) => firstAt.has(k));
    const own = found.filter((k) => count.get(k) === 1);
    const at = (own.length > 0 ? own : found).map((k) => firstAt.get(k)!).sort((a, b) => a - b);
    positions.push(at[Math.floor((at.length - 1) / 2)]!);
  });
  if (positions.length < 2) return null;
  let pairs = 0;
  let kept = 0;
  for (let i = 0; i < positions.length; i += 1) {
    for (let j = i + 1; j < positions.length; j += 1) {
      pairs += 1;
      if (positions[i]! < positions[j]!) kept += 1;
    }
  }
  return round((kept / pairs) * 100);
}

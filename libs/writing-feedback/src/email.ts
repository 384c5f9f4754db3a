import type { EmailFeedback, EmailPoint, GreetingKind } from '@fluent/contracts';
import { languageReport, NO_MATCHES, type CheckerResult } from './language';
import { registerReport } from './register';
import { clamp, isContentWord, paragraphs, round, round1, sentences, tokens, wordKey } from './words';

/** Where a word sits in a word-frequency list (1 = most common); undefined when not listed. */
export type RankOf = (word: string) => number | undefined;

/**
 * Length band of the email. The task gives 5 minutes for a formal email; learners at this level
 * compose (plan, write, reread) at roughly 15-30 words a minute, so 80-150 words is what the time
 * allows: under 80 rarely covers the points, over 150 leaves no time to check the text.
 */
export const EMAIL_WORDS = { min: 80, max: 150 } as const;
/** Words beyond this rank in the frequency list count as less common vocabulary (as in the bank's statistics). */
export const COMMON_WORDS = 3000;

const GREETINGS: [GreetingKind, RegExp][] = [
  ['formal', /^(dear\b|to whom it may concern|good (morning|afternoon|evening)\b)/i],
  ['neutral', /^hello\b/i],
  ['informal', /^(hi+|hey+|hiya|yo|sup|howdy|heya|what'?s up)\b/i],
];
const CLOSINGS: [GreetingKind, RegExp][] = [
  ['formal', /\b(yours (sincerely|faithfully|truly)|(kind|best|warm|warmest) regards|regards|sincerely|respectfully|best wishes|with thanks)\b/i],
  ['informal', /\b(cheers|thx|bye|see (you|ya)|love|xoxo|take care|later|ciao|hugs)\b/i],
  ['neutral', /\b(many thanks|thank you|thanks)\b/i],
];

/** Words and phrases that link ideas and steps (not "and", "but", "so", which every text has). */
const MARKERS = [
  'firstly', 'secondly', 'thirdly', 'finally', 'first of all', 'in addition', 'additionally', 'moreover', 'furthermore',
  'also', 'however', 'although', 'though', 'whereas', 'therefore', 'as a result', 'consequently', 'because', 'so that',
  'for example', 'for instance', 'in particular', 'unfortunately', 'fortunately', 'in conclusion', 'to sum up',
  'meanwhile', 'after that', 'as well as', 'otherwise', 'instead', 'on the other hand', 'i look forward to',
  'i would be grateful', 'i am writing to',
];

function greetingOf(text: string): { kind: GreetingKind; text: string } {
  const first = text.trim().split('\n')[0]?.trim() ?? '';
  for (const [kind, pattern] of GREETINGS) {
    if (pattern.test(first)) return { kind, text: first.split(/[,.!:]/)[0]!.trim() };
  }
  return { kind: 'missing', text: '' };
}

function closingOf(text: string): { kind: GreetingKind; text: string } {
  const lines = text.trim().split('\n').map((l) => l.trim()).filter(Boolean);
  // The sign-off sits in the last lines, or in the last words of a one-line email.
  const tail = lines.length > 2 ? lines.slice(-3).join(' \n') : tokens(text).slice(-12).map((t) => t.word).join(' ');
  for (const [kind, pattern] of CLOSINGS) {
    const found = pattern.exec(tail);
    if (found) return { kind, text: found[0] };
  }
  return { kind: 'missing', text: '' };
}

/** Signals found in the text: a word by its key, a phrase as consecutive keys. */
export function signalsFound(text: string, signals: readonly string[]): string[] {
  const keys = tokens(text).map((t) => wordKey(t.lower));
  const joined = ` ${keys.join(' ')} `;
  return signals.filter((signal) => {
    const wanted = tokens(signal).map((t) => wordKey(t.lower));
    return wanted.length > 0 && joined.includes(` ${wanted.join(' ')} `);
  });
}

export function emailLengthScore(words: number): number {
  if (words < EMAIL_WORDS.min) return clamp((words / EMAIL_WORDS.min) * 100);
  if (words > EMAIL_WORDS.max) return clamp(100 - (words - EMAIL_WORDS.max) / 3, 40);
  return 100;
}

function organization(text: string, greeting: GreetingKind, closing: GreetingKind): EmailFeedback['organization'] {
  const blocks = paragraphs(text).length;
  const sentenceCount = sentences(text).length;
  const lower = ` ${text.toLowerCase().replace(/[’]/g, "'").replace(/[^\p{L}\p{N}' ]+/gu, ' ')} `;
  const markers = MARKERS.filter((m) => lower.includes(` ${m} `));
  const structure = blocks >= 3 ? 40 : blocks === 2 ? 25 : sentenceCount >= 3 ? 15 : 5;
  const frame = 20 * (((greeting !== 'missing' ? 1 : 0) + (closing !== 'missing' ? 1 : 0)) / 2);
  return { paragraphs: blocks, sentences: sentenceCount, markers, score: round(clamp(structure + 40 * Math.min(1, markers.length / 3) + frame)) };
}

/**
 * Vocabulary range, robust to length (a longer text always has more distinct words, so a count
 * rewards length, not range): half is how varied the content words are for the text's length
 * (distinct content words ÷ √words, Guiraud's index), half the share of the distinct content words
 * that are less common (beyond COMMON_WORDS in the frequency list). Each runs from none to full
 * marks between the 10th and 90th percentile of rated learner essays (DREsS, tuning half; see
 * bench/FEEDBACK.md).
 */
export const VOCABULARY_SCALE = { variety: { low: 3.5, high: 5.5 }, lessCommon: { low: 17, high: 38 } } as const;

const between = (value: number, { low, high }: { low: number; high: number }) => clamp((value - low) / (high - low), 0, 1);

function vocabulary(text: string, rankOf: RankOf): EmailFeedback['vocabulary'] {
  const words = tokens(text);
  const content = words.filter((t) => /^\p{L}+$/u.test(t.word) && isContentWord(t.lower));
  // Unlisted words (misspellings, names) count neither way.
  const known = content.filter((t) => rankOf(t.lower) !== undefined);
  const distinctWords = new Set(known.map((t) => wordKey(t.lower))).size;
  const types = [...new Set(known.map((t) => t.lower))];
  const lessCommon = types.filter((w) => (rankOf(w) ?? 0) > COMMON_WORDS).length;
  const lessCommonShare = types.length === 0 ? 0 : round1((lessCommon / types.length) * 100);
  const variety = words.length === 0 ? 0 : distinctWords / Math.sqrt(words.length);
  const score = distinctWords === 0 ? 0 : round(50 * between(variety, VOCABULARY_SCALE.variety) + 50 * between(lessCommonShare, VOCABULARY_SCALE.lessCommon));
  return { distinctWords, lessCommonShare, score };
}

/**
 * The email, scored on our practice scale: the prompt's points (35), greeting and closing
 * suited to a formal email (7.5 each), register (15), organization (10), length (10), vocabulary
 * range (5) and language accuracy (10). An email that addresses none of the points gets half of
 * the rest: a well-formed email about something else is not a good answer.
 */
export function emailFeedback(points: readonly EmailPoint[], text: string, checked: CheckerResult, rankOf: RankOf): EmailFeedback {
  const words = tokens(text).length;
  const language = languageReport(text, words === 0 ? NO_MATCHES : checked);
  const greeting = greetingOf(text);
  const closing = closingOf(text);
  const pointResults = points.map((p) => {
    const found = words === 0 ? [] : signalsFound(text, p.signals);
    return { point: p.point, addressed: found.length > 0, found };
  });
  const register = registerReport(text);
  const org = organization(text, greeting.kind, closing.kind);
  const vocab = vocabulary(text, rankOf);
  const verdict = words < EMAIL_WORDS.min ? 'short' : words > EMAIL_WORDS.max ? 'long' : 'fair';
  const ok = (kind: GreetingKind) => kind === 'formal' || kind === 'neutral';
  const base = {
    text,
    greeting: { ...greeting, ok: ok(greeting.kind) },
    closing: { ...closing, ok: ok(closing.kind) },
    points: pointResults,
    length: { words, min: EMAIL_WORDS.min, max: EMAIL_WORDS.max, verdict } as const,
    language,
  };
  if (words === 0) {
    return { ...base, blank: true, register: { ...register, score: 0, ok: false }, organization: { ...org, score: 0 }, vocabulary: vocab, score: 0 };
  }
  const addressed = points.length === 0 ? 1 : pointResults.filter((p) => p.addressed).length / points.length;
  const rest =
    7.5 * (ok(greeting.kind) ? 1 : 0) +
    7.5 * (ok(closing.kind) ? 1 : 0) +
    0.15 * register.score +
    0.1 * org.score +
    0.1 * emailLengthScore(words) +
    0.05 * vocab.score +
    0.1 * (language.notEnglish ? 0 : language.accuracy);
  const score = round(clamp(35 * addressed + (addressed === 0 ? 0.5 : 1) * rest));
  return { ...base, blank: false, register, organization: org, vocabulary: vocab, score };
}

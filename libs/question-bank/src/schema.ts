import { z } from 'zod';
import { SECTION_SIZES, testLevel, type TestLevel } from '@fluent/contracts';
import { STOP_WORDS } from '@fluent/scoring';
import {
  BLANK,
  blankCount,
  comparable,
  jumbledPieces,
  sameWords,
  sentencesOf,
  sentenceWords,
  wordCount,
  wordsInPlace,
} from './text';

/**
 * The content rules of CONTENT-GUIDE.md as schemas, so a broken item fails the build's tests
 * with a message that names the item and the rule.
 */

export const LIMITS = {
  typingWords: { min: 70, max: 110 },
  passageWords: { min: 50, max: 90 },
  passageSentences: { min: 3, max: 5 },
  emailWords: { min: 35, max: 70 },
  /** Points an email prompt asks for, and the signal words of each. */
  emailPoints: { min: 2, max: 4 },
  signals: { min: 3, max: 10 },
  signalWords: 3,
  /** The dashboard card's one-line summary of the test's themes. */
  descriptionWords: { min: 8, max: 25 },
  acceptableAnswers: { min: 1, max: 5 },
  /** Words in one accepted answer or fill option: a word or a short phrase. */
  answerWords: 4,
  jumbledWords: {
    Easy: { min: 5, max: 8 },
    Moderate: { min: 7, max: 11 },
    Hard: { min: 9, max: 14 },
  } satisfies Record<TestLevel, { min: number; max: number }>,
} as const;

const id = z.number().int().positive();
const text = z
  .string()
  .min(1)
  .refine((s) => s === s.trim() && !/\s{2,}/.test(s), 'no leading, trailing or double spaces');

const blankQuestion = text.refine((q) => blankCount(q) === 1 && !q.replaceAll(BLANK, '').includes('_'), {
  message: 'the question must contain the blank ___ exactly once',
});

const shortAnswer = text.refine((a) => wordCount(a) <= LIMITS.answerWords, {
  message: `an answer is one word or a short phrase (at most ${LIMITS.answerWords} words)`,
});

const distinct = (list: string[]): boolean => new Set(list.map(comparable)).size === list.length;

export const typingItemSchema = z.object({
  id,
  paragraph: text
    .refine((p) => /^[A-Za-z ,.'?!]+$/.test(p), 'typing paragraphs use letters, spaces and , . \' ? ! only')
    .refine((p) => /^[A-Z]/.test(p) && /[.?!]$/.test(p), 'a paragraph starts with a capital and ends a sentence')
    .refine((p) => {
      const n = wordCount(p);
      return n >= LIMITS.typingWords.min && n <= LIMITS.typingWords.max;
    }, `a typing paragraph has ${LIMITS.typingWords.min}-${LIMITS.typingWords.max} words`),
});

export const sentenceItemSchema = z.object({
  id,
  question: blankQuestion,
  acceptableAnswers: z
    .array(shortAnswer)
    .min(LIMITS.acceptableAnswers.min)
    .max(LIMITS.acceptableAnswers.max)
    .refine(distinct, 'acceptable answers must differ from each other'),
});

export const fillItemSchema = z
  .object({
    id,
    question: blankQuestion,
    options: z.tuple([shortAnswer, shortAnswer, shortAnswer]).refine(distinct, 'the three options must differ'),
    answer: text,
  })
  .refine((item) => item.options.includes(item.answer), { message: 'the answer must be one of the options', path: ['answer'] });

/** A jumbled answer: one sentence, capital first, . or ? last, no commas, quotes, dashes or digits. */
const jumbledSentence = text.refine((s) => /^[A-Z][A-Za-z' ]*[A-Za-z][.?]$/.test(s), {
  message: 'a jumbled answer is one sentence: a capital first, . or ? last, only letters, spaces and apostrophes between',
});

export const jumbledItemSchema = z
  .object({
    id,
    jumbled: z.string().refine((j) => jumbledPieces(j).every((piece) => /^[A-Za-z']+$/.test(piece)), {
      message: 'jumbled words are separated by / with no spaces, empty pieces or punctuation',
    }),
    answer: jumbledSentence,
    alternatives: z.array(jumbledSentence).optional(),
  })
  .superRefine((item, ctx) => {
    const pieces = jumbledPieces(item.jumbled);
    const answerWords = sentenceWords(item.answer);
    if (!sameWords(pieces, answerWords)) {
      ctx.addIssue({ code: 'custom', path: ['jumbled'], message: 'the jumbled words must be exactly the answer\'s words' });
      return;
    }
    // At most half of the words may already sit in their place, and never all of them.
    if (wordsInPlace(pieces, answerWords) > Math.floor(pieces.length / 2)) {
      ctx.addIssue({ code: 'custom', path: ['jumbled'], message: 'the jumbled order is too close to the answer' });
    }
    const first = answerWords[0] ?? '';
    if (pieces.includes(first) && givesFirstWordAway(first, answerWords)) {
      ctx.addIssue({ code: 'custom', path: ['jumbled'], message: `write the first word in lower case in the jumbled words ("${first.toLowerCase()}")` });
    }
    for (const [i, alternative] of (item.alternatives ?? []).entries()) {
      if (!sameWords(sentenceWords(alternative), answerWords)) {
        ctx.addIssue({ code: 'custom', path: ['alternatives', i], message: 'an alternative must use exactly the answer\'s words' });
      }
      if (comparable(alternative) === comparable(item.answer)) {
        ctx.addIssue({ code: 'custom', path: ['alternatives', i], message: 'an alternative must differ from the answer' });
      }
    }
  });

/**
 * A capital on the answer's first word would show where the sentence starts. Only "I" (and its
 * contractions) and names keep their capital: words capitalised elsewhere in the sentence too,
 * or capitalised words that are not common sentence openers.
 */
function givesFirstWordAway(first: string, answerWords: string[]): boolean {
  if (/^I('|$)/.test(first) || answerWords.slice(1).includes(first)) return false;
  const looksLikeName = /^[A-Z][a-z]+$/.test(first) && !COMMON_FIRST_WORDS.has(first.toLowerCase());
  return !looksLikeName;
}

/** Words that start many sentences; capitalised in the jumbled words they would give the answer away. */
const COMMON_FIRST_WORDS = new Set(
  (
    'the a an my our your his her their its this that these those there here it he she we they you ' +
    'what where when why how who which whose do does did is are was were can could will would should ' +
    'may might must have has had please after before if although because since while most many some ' +
    'every each all no not never always sometimes yesterday today tomorrow last next one two few ' +
    'despite unless once only rarely hardly seldom several both neither either nobody everyone ' +
    'someone people children students visitors'
  ).split(' '),
);

export const passageItemSchema = z.object({
  id,
  sentences: text.superRefine((s, ctx) => {
    const count = sentencesOf(s).length;
    if (count < LIMITS.passageSentences.min || count > LIMITS.passageSentences.max) {
      ctx.addIssue({ code: 'custom', message: `a passage has ${LIMITS.passageSentences.min}-${LIMITS.passageSentences.max} sentences (found ${count})` });
    }
    const n = wordCount(s);
    if (n < LIMITS.passageWords.min || n > LIMITS.passageWords.max) {
      ctx.addIssue({ code: 'custom', message: `a passage has ${LIMITS.passageWords.min}-${LIMITS.passageWords.max} words (found ${n})` });
    }
  }),
});

/** A signal: lower-case words (a phrase of at most three), at least one of them a content word. */
const signal = z
  .string()
  .regex(/^[a-z][a-z' -]*[a-z]$/, 'a signal is lower-case letters (words, hyphens, apostrophes)')
  .refine((sig) => wordCount(sig) <= LIMITS.signalWords, `a signal has at most ${LIMITS.signalWords} words`)
  .refine((sig) => sig.split(/[\s-]+/).some((w) => !STOP_WORDS.has(w)), 'a signal needs a content word ("how" or "when" alone is in every email)');

/** One point the prompt asks for, with the words that show a learner addressed it (writing feedback). */
export const emailPointSchema = z.object({
  point: z.string().regex(/^[a-z]/, 'a point is written in lower case, as the prompt asks it').refine((p) => wordCount(p) <= 14, 'a point is short'),
  signals: z.array(signal).min(LIMITS.signals.min).max(LIMITS.signals.max),
});

export const emailPromptSchema = z
  .object({
    id,
    prompt: text.refine((p) => {
      const n = wordCount(p);
      return n >= LIMITS.emailWords.min && n <= LIMITS.emailWords.max;
    }, `an email prompt has ${LIMITS.emailWords.min}-${LIMITS.emailWords.max} words`),
    points: z.array(emailPointSchema).min(LIMITS.emailPoints.min).max(LIMITS.emailPoints.max),
  })
  .superRefine((email, ctx) => {
    // A signal that belongs to two points would tick both for one sentence.
    const seen = new Map<string, number>();
    email.points.forEach((p, i) =>
      p.signals.forEach((sig) => {
        if (seen.has(sig) && seen.get(sig) !== i) ctx.addIssue({ code: 'custom', path: ['points', i], message: `the signal "${sig}" belongs to two points` });
        seen.set(sig, i);
      }),
    );
  });

const idRange = (first: number, count: number): number[] => Array.from({ length: count }, (_, i) => first + i);

/** One data file: everything test N contributes to the bank, with ids in their global places. */
export const testFileSchema = z
  .object({
    test: z.number().int().min(1).max(20),
    level: z.enum(['Easy', 'Moderate', 'Hard']),
    description: text.refine((d) => {
      const n = wordCount(d);
      return n >= LIMITS.descriptionWords.min && n <= LIMITS.descriptionWords.max && /[.!]$/.test(d);
    }, `a description is one sentence of ${LIMITS.descriptionWords.min}-${LIMITS.descriptionWords.max} words`),
    typing: typingItemSchema,
    sentences: z.array(sentenceItemSchema).length(SECTION_SIZES.sentences),
    fills: z.array(fillItemSchema).length(SECTION_SIZES.fills),
    jumbled: z.array(jumbledItemSchema).length(SECTION_SIZES.jumbled),
    passages: z.array(passageItemSchema).length(SECTION_SIZES.passages),
    email: emailPromptSchema,
  })
  .strict()
  .superRefine((file, ctx) => {
    const n = file.test;
    if (file.level !== testLevel(n)) {
      ctx.addIssue({ code: 'custom', path: ['level'], message: `test ${n} is ${testLevel(n)}` });
    }
    const expectIds = (path: string, got: number[], first: number, count: number) => {
      const want = idRange(first, count);
      if (got.join() !== want.join()) {
        ctx.addIssue({ code: 'custom', path: [path], message: `ids must be ${want[0]}..${want.at(-1)} in order (got ${got.join(',')})` });
      }
    };
    expectIds('typing', [file.typing.id], n, 1);
    expectIds('sentences', file.sentences.map((s) => s.id), 10 * (n - 1) + 1, SECTION_SIZES.sentences);
    expectIds('fills', file.fills.map((s) => s.id), 10 * (n - 1) + 1, SECTION_SIZES.fills);
    expectIds('jumbled', file.jumbled.map((s) => s.id), 15 * (n - 1) + 1, SECTION_SIZES.jumbled);
    expectIds('passages', file.passages.map((s) => s.id), 3 * (n - 1) + 1, SECTION_SIZES.passages);
    expectIds('email', [file.email.id], n, 1);

    const limits = LIMITS.jumbledWords[testLevel(n)];
    file.jumbled.forEach((item, i) => {
      const count = sentenceWords(item.answer).length;
      if (count < limits.min || count > limits.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['jumbled', i, 'answer'],
          message: `a ${testLevel(n)} jumbled sentence has ${limits.min}-${limits.max} words (found ${count})`,
        });
      }
    });
    // The right option should not always sit in the same place.
    const positions = new Set(file.fills.map((f) => f.options.indexOf(f.answer)));
    if (positions.size < 3) {
      ctx.addIssue({ code: 'custom', path: ['fills'], message: 'vary the position of the answer among the options (use all three)' });
    }
  });

export type TestFile = z.infer<typeof testFileSchema>;

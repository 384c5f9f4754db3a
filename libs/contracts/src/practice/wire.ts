import { z } from 'zod';
import { count, isoTime } from '../common/wire';
import { SKILLS, type Skill } from '../feedback/text';
import { FIX_OUTCOMES, PRACTICE_CARD_KINDS } from './text';
import { FIX_SENTENCE_SECTIONS, sentenceIssueSchema } from './schemas';

/**
 * What the practice routes answer and what catalog-service is asked for them (issue 47). A card
 * leaves the service in its public form only: the question a missed item asked, never its
 * answers (the bank stays undownloadable); the learner's own sentence with its issues; the word to
 * type. Answers are checked on the server (POST …/review), which tells the right answer afterwards.
 */

// ---- limits ----

/** GET /api/practice/cards?limit=: a session is 10 cards; "Keep going" asks for more. */
export const PRACTICE_CARDS_LIMIT_DEFAULT = 10;
export const PRACTICE_CARDS_LIMIT_MAX = 50;
/** The longest answer a review takes: a corrected sentence is capped again per card (2 × the original, ≤ 400). */
export const PRACTICE_ANSWER_MAX_CHARS = 400;
/** An answer's time beyond an hour is a tab left open: it only decides Good against Easy. */
export const PRACTICE_ELAPSED_MAX_MS = 3_600_000;

const limitMessage = `limit must be a whole number from 1 to ${PRACTICE_CARDS_LIMIT_MAX}`;
const tzMessage = 'tz must be an IANA time zone such as Europe/Lisbon';

/** Whether `zone` is a time zone this runtime knows (the learner's days are counted in it). */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z.string({ error: tzMessage }).min(1, tzMessage).max(64, tzMessage).refine(isKnownTimeZone, tzMessage);
const cardId = z.string().min(1).max(64);

// ---- HTTP: what the browser sends ----

/** GET /api/practice?tz=: the learner's IANA zone for "today" and the streak (UTC when absent). */
export const practiceProgressQuerySchema = z.object({ tz: timeZone.optional() }).strict();
export type PracticeProgressQuery = z.infer<typeof practiceProgressQuerySchema>;

/** GET /api/practice/cards?limit=&tz=: the next due cards, most overdue first. */
export const practiceCardsQuerySchema = z
  .object({
    limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(PRACTICE_CARDS_LIMIT_MAX, limitMessage).default(PRACTICE_CARDS_LIMIT_DEFAULT),
    tz: timeZone.optional(),
  })
  .strict();
export type PracticeCardsQuery = z.infer<typeof practiceCardsQuerySchema>;

/**
 * POST /api/practice/cards/:id/review. `answer`: a missed item's answer as the test takes it (the
 * sentence's word, the fill's option, the jumbled sentence), the corrected sentence, or the word
 * as typed; '' when left blank (wrong). `elapsedMs`: from the card shown to the answer sent.
 */
export const practiceReviewBodySchema = z
  .object({
    answer: z.string({ error: 'answer must be text' }).max(PRACTICE_ANSWER_MAX_CHARS, `answer must be at most ${PRACTICE_ANSWER_MAX_CHARS} characters`),
    elapsedMs: z
      .number({ error: 'elapsedMs must be a whole number of milliseconds' })
      .int('elapsedMs must be a whole number of milliseconds')
      .min(0, 'elapsedMs must be a whole number of milliseconds')
      .max(PRACTICE_ELAPSED_MAX_MS, `elapsedMs must be at most ${PRACTICE_ELAPSED_MAX_MS}`),
  })
  .strict();
export type PracticeReviewBody = z.infer<typeof practiceReviewBodySchema>;

// ---- HTTP: what the gateway answers ----

const skillsOf = <T extends z.ZodType>(value: T) => z.object(Object.fromEntries(SKILLS.map((skill) => [skill, value])) as Record<Skill, T>);

/** GET /api/practice: the learner's progress (the page's figures, the dashboard's "N due"). */
export const practiceProgressSchema = z.object({
  /** Cards still in the queue, due by the end of the learner's today. */
  dueToday: count,
  reviewedToday: count,
  /** Consecutive days with a review, ending today (or yesterday until today's first review). */
  streak: count,
  /** Per skill of the profile: the learner's cards and how many are learnt (out of the queue). */
  bySkill: skillsOf(z.object({ learnt: count, total: count })),
});
export type PracticeProgressResponse = z.infer<typeof practiceProgressSchema>;

const itemId = z.number().int().min(0);
const testId = z.number().int().min(1).max(20);

/** What every public card carries: `id` is the one the review is posted to. */
const publicCardBase = {
  id: cardId,
  kind: z.enum(PRACTICE_CARD_KINDS),
  skill: z.enum(SKILLS),
  /** The test whose mistake made the card. */
  testId,
  /** When it was due (the queue's order). */
  dueAt: isoTime,
};

/** A missed item's question, as the runner showed it: no answer, no acceptable answers, no alternatives. */
export const publicMissedItemSchema = z.discriminatedUnion('section', [
  z.object({ section: z.literal('sentence'), id: itemId, /** With one blank written as ___. */ question: z.string() }),
  z.object({ section: z.literal('fill'), id: itemId, question: z.string(), options: z.tuple([z.string(), z.string(), z.string()]) }),
  z.object({ section: z.literal('jumbled'), id: itemId, /** The words in a scrambled order, separated by "/". */ jumbled: z.string() }),
]);
export type PublicMissedItem = z.infer<typeof publicMissedItemSchema>;

export const publicMissedItemCardSchema = z.object({
  ...publicCardBase,
  kind: z.literal('missed-item'),
  item: publicMissedItemSchema,
  /** The learner's answer in the test ('' when left blank: PracticeTexts.leftBlank). */
  given: z.string(),
});
export type PublicMissedItemCard = z.infer<typeof publicMissedItemCardSchema>;

export const publicFixSentenceCardSchema = z.object({
  ...publicCardBase,
  kind: z.literal('fix-sentence'),
  section: z.enum(FIX_SENTENCE_SECTIONS),
  /** The learner's own sentence, as written in the test. */
  sentence: z.string().min(1),
  /** Its issues with their explanations, offsets within `sentence`. */
  issues: z.array(sentenceIssueSchema).min(1),
  /** The longest corrected sentence the review takes (2 × the sentence, at most PRACTICE_ANSWER_MAX_CHARS). */
  maxLength: z.number().int().min(1),
});
export type PublicFixSentenceCard = z.infer<typeof publicFixSentenceCardSchema>;

export const publicMistypedWordCardSchema = z.object({
  ...publicCardBase,
  kind: z.literal('mistyped-words'),
  /** The word to type, as the paragraph writes it. */
  word: z.string().min(1),
  /** What the learner typed in its place in the test. */
  typed: z.string(),
});
export type PublicMistypedWordCard = z.infer<typeof publicMistypedWordCardSchema>;

export const publicPracticeCardSchema = z.discriminatedUnion('kind', [publicMissedItemCardSchema, publicFixSentenceCardSchema, publicMistypedWordCardSchema]);
export type PublicPracticeCard = z.infer<typeof publicPracticeCardSchema>;

/** GET /api/practice/cards: the next due cards (at most `limit`), most overdue first; empty when nothing is due. */
export const practiceCardsSchema = z.object({
  cards: z.array(publicPracticeCardSchema),
  /** All cards due by the end of the learner's today, these included (so "Keep going" knows there are more). */
  dueToday: count,
});
export type PracticeCardsResponse = z.infer<typeof practiceCardsSchema>;

export const PRACTICE_GRADES = ['again', 'good', 'easy'] as const;

/** POST /api/practice/cards/:id/review: the server's verdict and the card's next due date. */
export const practiceReviewResultSchema = z.object({
  correct: z.boolean(),
  /** FSRS's rating of the review: wrong → again, right → good, right and fast → easy. */
  grade: z.enum(PRACTICE_GRADES),
  /** A sentence to fix only: what the check decided. */
  outcome: z.enum(FIX_OUTCOMES).optional(),
  /** The sentence to show (PracticeTexts.right / .wrong, or FIX_OUTCOME_MESSAGES). */
  message: z.string(),
  /** A missed item or a word: the right answer, told once answered. */
  answer: z.string().optional(),
  /** When the card is due again. */
  nextDue: isoTime,
  /** The card has left the queue (stable for three weeks). */
  learnt: z.boolean(),
});
export type PracticeReviewResult = z.infer<typeof practiceReviewResultSchema>;

// ---- NATS: what catalog-service is asked (`catalog.practice.*`) ----

const uid = z.string().min(1);

export const practiceProgressRequestSchema = z.object({ uid, tz: timeZone.optional() });
export const practiceCardsRequestSchema = z.object({ uid, limit: z.number().int().min(1).max(PRACTICE_CARDS_LIMIT_MAX), tz: timeZone.optional() });
export const practiceReviewRequestSchema = z.object({ uid, cardId, answer: practiceReviewBodySchema.shape.answer, elapsedMs: practiceReviewBodySchema.shape.elapsedMs });
export type PracticeReviewRequest = z.infer<typeof practiceReviewRequestSchema>;

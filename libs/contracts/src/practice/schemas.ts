import { z } from 'zod';
import { count, isoTime } from '../common/wire';
import { SKILLS } from '../feedback/text';
import { PRACTICE_CARD_KINDS } from './text';

/**
 * Practice cards (issue 47): what a learner got wrong in a test, brought back on an FSRS schedule
 * until it is learnt. One card per thing to practise, stored per learner under a stable `key`
 * derived from its source only (never from a clock or a counter), so a redelivered event upserts
 * the same card instead of adding a second. libs/practice builds them and schedules them.
 */

const itemId = z.number().int().min(0);
const testId = z.number().int().min(1).max(20);

/** The item sections a missed item comes from (the automatically scored ones). */
export const MISSED_ITEM_SECTIONS = ['sentence', 'fill', 'jumbled'] as const;
export type MissedItemSection = (typeof MISSED_ITEM_SECTIONS)[number];

/** The learner's own texts a sentence to fix comes from. */
export const FIX_SENTENCE_SECTIONS = ['passage', 'email'] as const;
export type FixSentenceSection = (typeof FIX_SENTENCE_SECTIONS)[number];

/** The issue categories a sentence to fix is made for (see libs/practice's fix-sentence cards). */
export const FIXABLE_CATEGORIES = ['grammar', 'spelling'] as const;
export type FixableCategory = (typeof FIXABLE_CATEGORIES)[number];

/** What every card carries. */
const cardBase = {
  /** Unique per learner, from the card's source: `missed:jumbled:123`, `fix:<attemptId>:email:0:2`, `typed:receive`. */
  key: z.string().min(1).max(200),
  kind: z.enum(PRACTICE_CARD_KINDS),
  /** The skill of the skill profile the card trains (its learnt count shows there). */
  skill: z.enum(SKILLS),
  /** The attempt whose mistake made the card (the first one, if a later attempt repeats it). */
  attemptId: z.string().min(1).max(64),
  testId,
  /** Shows bank content of a premium test: served only while the learner has access. */
  premium: z.boolean(),
};

/** A sentence-completion, fill-in or jumbled item answered wrong or left blank. */
export const missedItemCardSchema = z.object({
  ...cardBase,
  kind: z.literal('missed-item'),
  section: z.enum(MISSED_ITEM_SECTIONS),
  itemId,
  /** The learner's answer in the test ('' when left blank). Never the right answer: a card is served without it. */
  given: z.string(),
});
export type MissedItemCard = z.infer<typeof missedItemCardSchema>;

/** One issue of a sentence to fix, with its place inside the sentence (UTF-16 code units). */
export const sentenceIssueSchema = z.object({
  offset: count,
  length: count,
  category: z.enum(FIXABLE_CATEGORIES),
  ruleId: z.string(),
  /** The checker's message about this place. */
  message: z.string(),
  /** A short learner-friendly explanation of the kind of issue. */
  explanation: z.string(),
});
export type SentenceIssue = z.infer<typeof sentenceIssueSchema>;

/** A sentence of the learner's own passage or email with grammar or spelling issues. */
export const fixSentenceCardSchema = z.object({
  ...cardBase,
  kind: z.literal('fix-sentence'),
  section: z.enum(FIX_SENTENCE_SECTIONS),
  /** Which passage (0-2); 0 for the email. */
  textIndex: z.number().int().min(0).max(2),
  /** The sentence's place among the text's sentences (from 0). */
  sentenceIndex: count,
  sentence: z.string().min(1),
  /** In sentence order; at least one. */
  issues: z.array(sentenceIssueSchema).min(1),
});
export type FixSentenceCard = z.infer<typeof fixSentenceCardSchema>;

/** One word of the typing paragraph the learner typed wrong: typed again in a short line with other due words. */
export const mistypedWordCardSchema = z.object({
  ...cardBase,
  kind: z.literal('mistyped-words'),
  /** The word as the paragraph writes it (case kept, surrounding punctuation removed). */
  word: z.string().min(1).max(60),
  /** What the learner typed in its place. */
  typed: z.string(),
});
export type MistypedWordCard = z.infer<typeof mistypedWordCardSchema>;

export const practiceCardSchema = z.discriminatedUnion('kind', [missedItemCardSchema, fixSentenceCardSchema, mistypedWordCardSchema]);
export type PracticeCard = z.infer<typeof practiceCardSchema>;

/** FSRS's card states, by name. */
export const SCHEDULE_STATES = ['new', 'learning', 'review', 'relearning'] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

/**
 * A card's FSRS memory state as stored (plain JSON, ISO dates: a MongoDB document field as it
 * is). libs/practice converts it to and from ts-fsrs's Card.
 */
export const practiceScheduleSchema = z.object({
  due: isoTime,
  /** Days until recall probability falls to 90 %. */
  stability: z.number().min(0),
  /** 1-10 once reviewed (0 while new). */
  difficulty: z.number().min(0),
  scheduledDays: count,
  learningSteps: count,
  reps: count,
  lapses: count,
  state: z.enum(SCHEDULE_STATES),
  lastReview: isoTime.nullable(),
});
export type PracticeSchedule = z.infer<typeof practiceScheduleSchema>;

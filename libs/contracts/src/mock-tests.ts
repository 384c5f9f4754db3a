/** The mock tests' constants and shapes: numbering, levels, items, answers and scores (docs/product.md#the-tests); their sections are in sections.ts. */

export const TEST_COUNT = 20;
export const MIN_TEST_ID = 1;
export const MAX_TEST_ID = TEST_COUNT;

export type TestLevel = 'Easy' | 'Moderate' | 'Hard';

/** Tests 1-3 Easy; 4-8 Moderate; 9-12 Hard; 13-20 Moderate. */
export function testLevel(testId: number): TestLevel {
  if (testId <= 3) return 'Easy';
  if (testId <= 8) return 'Moderate';
  if (testId <= 12) return 'Hard';
  return 'Moderate';
}

export function isValidTestId(testId: unknown): testId is number {
  return typeof testId === 'number' && Number.isInteger(testId) && testId >= MIN_TEST_ID && testId <= MAX_TEST_ID;
}

export interface TypingItem {
  id: number;
  paragraph: string;
}

export interface SentenceItem {
  id: number;
  /** The sentence with one blank written as ___. */
  question: string;
  acceptableAnswers: string[];
}

export interface FillItem {
  id: number;
  question: string;
  options: [string, string, string];
  answer: string;
}

export interface JumbledItem {
  id: number;
  /** The answer's words in a scrambled order, separated by "/". */
  jumbled: string;
  answer: string;
  /** Other complete sentences made of the same words that are equally correct. */
  alternatives?: string[];
}

/** A jumbled item's words as they are shown: in the scrambled order, separated by spaces (docs/product.md#the-test-screen). */
export const jumbledForDisplay = (jumbled: string): string =>
  jumbled
    .split('/')
    .map((word) => word.trim())
    .filter(Boolean)
    .join(' ');

export interface PassageItem {
  id: number;
  sentences: string;
}

export interface EmailPrompt {
  id: number;
  prompt: string;
  /** The points the prompt asks for, with their signal words (writing feedback; never sent to the runner). */
  points?: import('./feedback').EmailPoint[];
}

/** One test, assembled from the bank: 1 typing, 10 sentence, 10 fill, 15 jumbled, 3 passages, 1 email. */
export interface AssembledTest {
  testId: number;
  level: TestLevel;
  typing: TypingItem;
  sentences: SentenceItem[];
  fills: FillItem[];
  jumbled: JumbledItem[];
  passages: PassageItem[];
  email: EmailPrompt;
}

/**
 * One entry of the typing section's keystroke timeline: [milliseconds since the section's timer
 * started, length of the text after that change], in time order.
 */
export type TypingTimelineEntry = [offsetMs: number, length: number];

/** What the learner gave, in the order of the assembled test. */
export interface TestAnswers {
  typing: { text: string; elapsedMs: number; timeline?: TypingTimelineEntry[] };
  sentenceAnswers: string[];
  fillAnswers: string[];
  jumbledAnswers: string[];
  passageInputs: string[];
  emailInput: string;
}

export interface ItemResult {
  id: number;
  answer: string;
  correct: boolean;
}

export interface SectionScore {
  correct: number;
  total: number;
  items: ItemResult[];
}

export interface WritingGuide {
  wordCount: number;
}

export interface PassageGuide extends WritingGuide {
  id: number;
  /** Share (0-100) of the original's content words found in the reconstruction: a guide, not a grade. */
  contentOverlap: number;
}

/**
 * The typing section beyond the WPM and accuracy of docs/product.md#typing, from the keystroke timeline: what
 * typing-test sites show. Words are 5 characters (the usual convention); elapsed time as in §9.
 */
export interface TypingDetail {
  /** Every character entered, including ones deleted later, ÷ 5 per minute. */
  rawWpm: number;
  /** The characters that stand right in the final text ÷ 5 per minute. */
  netWpm: number;
  /** Speed in each second of the section (characters entered that second ÷ 5 × 60). */
  perSecond: number[];
  /** 0-100: 100 is an even speed in every second, lower the more it varies. */
  consistency: number;
  /** Characters deleted while typing (corrections, right or wrong). */
  errorsCorrected: number;
  /** Characters left wrong in the final text, word by word against the paragraph. */
  errorsLeft: number;
}

export interface TestScore {
  typing: { wpm: number; accuracy: number };
  /** Present when the runner sent a keystroke timeline. */
  typingDetail?: TypingDetail;
  sentences: SectionScore;
  fills: SectionScore;
  jumbled: SectionScore;
  passages: PassageGuide[];
  email: WritingGuide;
  /** Sections 2-4 together (the automatically scored items). */
  total: { correct: number; total: number };
}

import {
  FIXABLE_CATEGORIES,
  isPremiumTest,
  type AttemptResult,
  type FixableCategory,
  type FixSentenceCard,
  type FixSentenceSection,
  type LanguageReport,
  type MissedItemCard,
  type MissedItemSection,
  type MistypedWordCard,
  type SectionScore,
  type SentenceIssue,
  type WritingFeedback,
  type WritingIssue,
} from '@fluent/contracts';
import { sentenceSpans } from '@fluent/writing-feedback';
import { fixSentenceKey, missedItemKey, mistypedWordKey } from './card-keys';
import { mistypedWords } from './mistyped-words';
import { CARD_KIND_SKILLS, MISSED_ITEM_SKILLS } from './skills';

/** What the builders need beside the event's data. */
export interface CardSourceOptions {
  /** The deployment's FREE_TEST_COUNT: a missed item of a later test is premium. */
  freeTestCount: number;
}

const SECTIONS: ReadonlyArray<[MissedItemSection, (score: AttemptResult['score']) => SectionScore]> = [
  ['sentence', (score) => score.sentences],
  ['fill', (score) => score.fills],
  ['jumbled', (score) => score.jumbled],
];

/**
 * The cards one stored attempt makes: a missed-item card for each sentence, fill and jumbled item
 * answered wrong or left blank (as the attempt's score marks it, so an order accepted after review
 * counts as right), and a word card for each word mistyped in the typing section.
 *
 * `typedText` is the typing section's text as the learner left it: the results payload does not
 * carry it (only WPM and accuracy), so the host reads it from the stored attempt's answers.
 *
 * Only missed items are premium: they show a bank item of the test. A mistyped word is one word,
 * and a sentence to fix (cardsFromFeedback) is the learner's own writing.
 */
export function cardsFromAttempt(result: AttemptResult, typedText: string, options: CardSourceOptions): Array<MissedItemCard | MistypedWordCard> {
  const base = { attemptId: result.attemptId, testId: result.testId };
  const missed: MissedItemCard[] = SECTIONS.flatMap(([section, of]) =>
    of(result.score)
      .items.filter((item) => !item.correct)
      .map((item) => ({
        ...base,
        key: missedItemKey(section, item.id),
        kind: 'missed-item' as const,
        skill: MISSED_ITEM_SKILLS[section],
        premium: isPremiumTest(result.testId, options.freeTestCount),
        section,
        itemId: item.id,
        given: item.answer.trim(),
      })),
  );
  const words: MistypedWordCard[] = mistypedWords(result.questions.typing.paragraph, typedText).map(({ word, typed }) => ({
    ...base,
    key: mistypedWordKey(word),
    kind: 'mistyped-words' as const,
    skill: CARD_KIND_SKILLS['mistyped-words'],
    premium: false,
    word,
    typed,
  }));
  return [...missed, ...words];
}

/**
 * The longest sentence made into a card, in characters. The bank's passage sentences run to about
 * 25 words (150 characters); a learner's "sentence" far longer is several run together without a
 * full stop. Retyping it is a chore, and the meaning check (most content words kept) lets much
 * change inside a long one, so such sentences make no card.
 */
export const MAX_FIX_SENTENCE_CHARS = 240;

const isFixable = (issue: WritingIssue): issue is WritingIssue & { category: FixableCategory } =>
  (FIXABLE_CATEGORIES as readonly string[]).includes(issue.category);

/**
 * A card for each sentence of one text with grammar or spelling issues, all of its issues on the
 * one card. Grammar and spelling only, as the skill profile's Grammar counts them: punctuation
 * issues are mostly optional commas and typography, style issues are suggestions rather than
 * errors (they cost no accuracy), and a variant is the other English spelt right. An issue that
 * runs over a sentence's end belongs to no sentence and is left out.
 */
function sentenceCards(attemptId: string, testId: number, section: FixSentenceSection, textIndex: number, text: string, language: LanguageReport): FixSentenceCard[] {
  const issues = language.issues.filter(isFixable);
  if (issues.length === 0) return [];
  return sentenceSpans(text).flatMap((span, sentenceIndex) => {
    const end = span.start + span.text.length;
    const inside: SentenceIssue[] = issues
      .filter((issue) => issue.offset >= span.start && issue.offset + issue.length <= end)
      .map((issue) => ({
        offset: issue.offset - span.start,
        length: issue.length,
        category: issue.category,
        ruleId: issue.ruleId,
        message: issue.message,
        explanation: issue.explanation,
      }));
    if (inside.length === 0 || span.text.length > MAX_FIX_SENTENCE_CHARS) return [];
    return [
      {
        key: fixSentenceKey(attemptId, section, textIndex, sentenceIndex),
        kind: 'fix-sentence' as const,
        skill: CARD_KIND_SKILLS['fix-sentence'],
        attemptId,
        testId,
        premium: false,
        section,
        textIndex,
        sentenceIndex,
        sentence: span.text,
        issues: inside,
      },
    ];
  });
}

/** The fix-your-sentence cards of one attempt's writing feedback: its three passages, then its email. */
export function cardsFromFeedback(feedback: WritingFeedback): FixSentenceCard[] {
  const { attemptId, testId } = feedback;
  return [
    ...feedback.passages.flatMap((passage) => sentenceCards(attemptId, testId, 'passage', passage.index, passage.text, passage.language)),
    ...sentenceCards(attemptId, testId, 'email', 0, feedback.email.text, feedback.email.language),
  ];
}

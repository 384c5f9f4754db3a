import type { MissedItemSection, PracticeCardKind, Skill } from '@fluent/contracts';

/**
 * The skill of the skill profile each card trains, following the profile's own recipe
 * (libs/writing-feedback profile.ts): sentence completion and fill in the blanks make up
 * Vocabulary; jumbled words (word order) and the grammar and spelling accuracy of the learner's
 * passages and email make up Grammar. Typing is no part of the profile; a mistyped word is a word
 * written wrongly, which the profile counts as spelling, under Grammar.
 */
export const MISSED_ITEM_SKILLS: Readonly<Record<MissedItemSection, Skill>> = {
  sentence: 'vocabulary',
  fill: 'vocabulary',
  jumbled: 'grammar',
};

export const CARD_KIND_SKILLS: Readonly<Record<Exclude<PracticeCardKind, 'missed-item'>, Skill>> = {
  'fix-sentence': 'grammar',
  'mistyped-words': 'grammar',
};

// The words and names of writing feedback the pages show. Apart from the schemas, so that a page
// showing one of them does not load the validation library with it.

/** Language issue categories, as learners are told them. */
export const ISSUE_CATEGORIES = ['grammar', 'spelling', 'punctuation', 'style'] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

/** What kind of word differs from the original at a passage deviation. */
export const DEVIATION_KINDS = ['verb-form', 'word-form', 'article', 'preposition'] as const;
export type DeviationKind = (typeof DEVIATION_KINDS)[number];

export const SKILLS = ['grammar', 'vocabulary', 'organization', 'voiceTone', 'reading'] as const;
export type Skill = (typeof SKILLS)[number];
export const SKILL_LABELS: Record<Skill, string> = {
  grammar: 'Grammar',
  vocabulary: 'Vocabulary',
  organization: 'Organization',
  voiceTone: 'Voice & Tone',
  reading: 'Reading Comprehension',
};

export const FEEDBACK_PENDING_MESSAGE = 'Preparing your writing feedback…';

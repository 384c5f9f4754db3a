// The words and names of writing feedback the pages show. Apart from the schemas, so that a page
// showing one of them does not load the validation library with it.

/** Language issue categories, as learners are told them. */
export const ISSUE_CATEGORIES = ['grammar', 'spelling', 'punctuation', 'style'] as const;
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

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

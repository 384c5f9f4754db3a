// Every word the practice feature (issue 47) shows a learner, in one place so that translation
// later finds them together. Apart from the schemas, so that a page showing one of them does not
// load the validation library with it. libs/practice produces the outcome messages from here; the
// web app reads the labels from here.

/** The three kinds of practice card, as the learner sees them named. */
export const PRACTICE_CARD_KINDS = ['missed-item', 'fix-sentence', 'mistyped-words'] as const;
export type PracticeCardKind = (typeof PRACTICE_CARD_KINDS)[number];

export const PRACTICE_CARD_KIND_TITLES: Readonly<Record<PracticeCardKind, string>> = {
  'missed-item': 'Items you missed',
  'fix-sentence': 'Fix your own sentence',
  'mistyped-words': 'Words you mistyped',
};

/** What the "fix your sentence" check decides about a learner's corrected sentence. */
export const FIX_OUTCOMES = ['fixed', 'not-fixed', 'new-error', 'meaning-changed'] as const;
export type FixOutcome = (typeof FIX_OUTCOMES)[number];

export const FIX_OUTCOME_MESSAGES: Readonly<Record<FixOutcome, string>> = {
  fixed: 'Fixed. The issue is gone and your sentence says the same thing.',
  'not-fixed': 'The issue is still there. Look at the explanation and try again.',
  'new-error': 'The issue is gone, but the new sentence has another mistake.',
  'meaning-changed': 'Keep most of your own words: the sentence should still say the same thing.',
};

export const PracticeTexts = {
  /** The page's title and the header link. */
  title: 'Practice',
  /** The header and dashboard link: "Practice — 4 due today". */
  dueToday: (due: number): string => `Practice — ${due} due today`,
  /** The dashboard's progress strip. */
  dueShort: (due: number): string => `${due} due`,
  empty: 'Nothing due — take a test or come back tomorrow',
  keepGoing: 'Keep going',
  /** The progress figures. */
  dueTodayLabel: 'Due today',
  reviewedTodayLabel: 'Reviewed today',
  streakLabel: 'Streak',
  streak: (days: number): string => (days === 1 ? '1 day' : `${days} days`),
  learntLabel: 'Learnt',
  /** A missed item after the learner's answer. */
  right: 'Right.',
  wrong: 'Not quite. The answer is:',
  /** A blank answer in the test, as the card recalls it. */
  leftBlank: 'You left this blank.',
  /** Under a typed line of words. */
  typingFigures: (wpm: number, accuracy: number): string => `${wpm} WPM · ${accuracy}% accuracy`,
} as const;

/** The practice routes' error messages. */
export const PracticeErrors = {
  /** Unknown id, another learner's card, or a premium card without access: one answer, as for attempts. */
  cardNotFound: 'Practice card not found.',
} as const;

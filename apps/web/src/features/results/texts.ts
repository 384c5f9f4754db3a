// The results page's own words beyond docs/product.md#the-results-page (the summary, the page
// navigation, the "only the ones I missed" toggle), in one place. The SPEC texts stay where they are
// shown; the section names come from @fluent/contracts (SECTION_NAMES).

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const RESULTS_TEXT = {
  summaryHeading: 'Your results at a glance',
  summaryScores: 'Section scores',
  summaryTyping: 'Typing',
  summarySkills: 'Skill profile',
  summaryWorkOn: 'Work on first',
  summaryNothingToWorkOn: 'Nothing stands out: every section went well. Try a harder test next.',
  typingFigures: (wpm: number, accuracy: number) => `${wpm} WPM · ${accuracy}% accuracy`,
  total: 'Total',
  skillOutOf: (score: number) => `${score}/100`,
  /** The change of one skill since the learner's previous attempt with a profile. */
  skillChange: (delta: number) => (delta === 0 ? 'no change' : `${delta > 0 ? '+' : '−'}${Math.abs(delta)}`),
  /** Heard after the change; the note under the list says it for the eye. */
  skillChangeSuffix: ' since last time',
  skillFirst: 'Your first skill profile: the next attempt shows the change.',
  skillSince: (testId: number) => `Change since your previous attempt (Test ${testId}).`,
  skillHow: 'How each was worked out',

  navLabel: 'On this page',
  navToggle: 'On this page',
  navSummary: 'Summary',
  navScores: 'Section scores',
  navSkills: 'Skill profile',

  /** The opening line of an item section. */
  sectionTally: (correct: number, total: number) => `${correct} of ${total} correct`,
  onlyMissed: 'show only the ones I missed',
  hiddenCorrect: (n: number) => `${plural(n, 'correct item is', 'correct items are')} hidden.`,
  writingSummaryLabel: 'In short:',
  writingScore: (score: number) => `practice score ${score}/100`,
  writingIssues: (n: number) => (n === 0 ? 'no language issues' : plural(n, 'language issue', 'language issues')),
  writingBlank: 'nothing written',
  passageConveyed: (covered: number, total: number) => `${covered} of ${total} sentences conveyed`,
  emailChecklist: (done: number, total: number) => `checklist ${done} of ${total} done`,

  // "Work on first": each a link to where the detail is.
  workOn: {
    sentences: (n: number) => `${plural(n, 'sentence', 'sentences')} to complete correctly`,
    fills: (n: number) => `${plural(n, 'blank', 'blanks')} filled in incorrectly`,
    jumbled: (n: number) => `${plural(n, 'jumbled item', 'jumbled items')} in the wrong order`,
    emailIssues: (n: number, category: string) => `${plural(n, `${category} issue`, `${category} issues`)} in your email`,
    passageIssues: (n: number, category: string) => `${plural(n, `${category} issue`, `${category} issues`)} in your reconstructions`,
    emailChecklist: (n: number) => `${plural(n, 'point', 'points')} of the email checklist not done yet`,
    passageCoverage: (n: number) => `${plural(n, 'sentence', 'sentences')} of the passages not conveyed`,
    typingAccuracy: (accuracy: number) => `Typing accuracy of ${accuracy}%: slow down a little for fewer errors`,
  },
} as const;

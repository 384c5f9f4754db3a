// The practice page's own words beyond libs/contracts' practice/text.ts (the card titles, "Practice
// — N due today", the empty state, "Keep going", the figures' labels and the verdicts, which the
// server uses too, stay there). In one place, for translation later.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const PRACTICE_MESSAGES = {
  intro: 'The items you missed, the sentences you wrote wrong and the words you mistyped come back here until you know them.',
  loading: 'Loading your practice…',
  sessionLabel: 'Practice session',
  /** Above each card. */
  cardCount: (n: number, total: number) => `Card ${n} of ${total}`,
  fromTest: (testId: number) => `From Test ${testId}`,
  /** A missed item: what the learner answered in the test. */
  youAnswered: 'In the test you answered:',
  jumbledInstruction: 'Unscramble these words to make a correct sentence:',
  answerLabel: 'Your answer',
  jumbledLabel: 'Your sentence',
  /** A sentence to fix. */
  fixFrom: (section: 'passage' | 'email', testId: number) => `From your ${section === 'email' ? 'email' : 'passage reconstruction'} in Test ${testId}`,
  issuesLabel: 'What to fix',
  fixLabel: 'Your corrected sentence',
  /** A line of words. */
  typeThese: 'Type these words exactly as they are shown:',
  typingLabel: 'Your typing',
  typedInTest: (typed: string) => `In the test you typed “${typed}”.`,
  wordsLabel: 'Word by word',
  wordRight: (word: string) => `✓ ${word}`,
  wordWrong: (word: string, typed: string) => (typed ? `✗ ${word} (you typed “${typed}”)` : `✗ ${word} (not typed)`),
  /** The actions: Enter does the same (docs/product.md#practice). */
  check: 'Check (or press Enter)',
  checking: 'Checking…',
  next: 'Next (or press Enter)',
  /** When the card comes back. */
  nextDue: (days: number) => (days <= 0 ? 'This card comes back later today.' : days === 1 ? 'This card comes back tomorrow.' : `This card comes back in ${days} days.`),
  learnt: 'Learnt: this card leaves your queue.',
  /** The end of a batch. */
  sessionDone: (reviewed: number) => `Well done: ${plural(reviewed, 'card', 'cards')} reviewed.`,
  moreDue: (n: number) => `${plural(n, 'more card is', 'more cards are')} due today.`,
  toDashboard: 'Go to Dashboard',
  /** The figures. */
  progressHeading: 'Your practice',
  learntOf: (learnt: number, total: number) => `${learnt} of ${total}`,
} as const;

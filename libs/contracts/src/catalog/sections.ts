/**
 * The six sections of every mock test, defined once (docs/product.md#sections-and-timings): their order, names,
 * sizes and timings. The runner's timers, the answer limits, the typing scores and every page
 * that describes a test read them from here.
 */

/** The sections in the order they are taken (docs/product.md#sections-and-timings). */
export const SECTION_KEYS = ['typing', 'sentence', 'fill', 'jumbled', 'passage', 'email'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Each section's name, as the runner, the results and the information pages show it. */
export const SECTION_NAMES: Readonly<Record<SectionKey, string>> = {
  typing: 'Typing Test',
  sentence: 'Sentence Completion',
  fill: 'Fill in the Blanks',
  jumbled: 'Jumbled Words',
  passage: 'Passage Reconstruction',
  email: 'Email Writing',
};

/** How many items of each kind one test holds, named as the assembled test's fields. */
export const SECTION_SIZES = { typing: 1, sentences: 10, fills: 10, jumbled: 15, passages: 3, emails: 1 } as const;

/** How many options a fill-in-the-blank item offers. */
export const FILL_OPTION_COUNT = 3;

/** How long each timed step lasts, in milliseconds of test time. */
export const SECTION_TIMINGS_MS = {
  typing: 60_000,
  /** Each sentence, fill and jumbled question. */
  question: 30_000,
  /** Each passage: read, then write. */
  passageRead: 30_000,
  passageWrite: 90_000,
  email: 300_000,
} as const;

/** 1 to 6. */
export const sectionNumber = (section: SectionKey): number => SECTION_KEYS.indexOf(section) + 1;


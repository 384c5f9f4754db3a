/** The six sections of every test, in order (ARCHITECTURE.md, resolved ambiguity 6). */
export const SECTION_NAMES = [
  'Typing Test',
  'Sentence Completion',
  'Fill in the Blanks',
  'Jumbled Words',
  'Passage Reconstruction',
  'Email Writing',
] as const;

export const SECTION_KEYS = ['typing', 'sentence', 'fill', 'jumbled', 'passage', 'email'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Timed lengths (SPEC.md §9), in milliseconds of test time. */
export const DURATIONS_MS = {
  typing: 60_000,
  /** Each sentence, fill and jumbled question. */
  question: 30_000,
  passageRead: 30_000,
  passageWrite: 90_000,
  email: 300_000,
} as const;

export const sectionNumber = (section: SectionKey): number => SECTION_KEYS.indexOf(section) + 1;
export const sectionName = (section: SectionKey): string => SECTION_NAMES[SECTION_KEYS.indexOf(section)]!;

/**
 * What each section's intro card says, and what is read aloud. The email's describes a formal
 * email written within 5 minutes (SPEC.md §2).
 */
export const SECTION_INTROS: Record<SectionKey, string> = {
  typing:
    'A paragraph will appear on the screen. Type it exactly as it is shown, as quickly and as accurately as you can. You have 60 seconds.',
  sentence:
    'You will see 10 sentences, each with a missing word or phrase. Type what completes each sentence. You have 30 seconds for each question.',
  fill: 'You will see 10 sentences, each with a blank. Choose the option that completes each sentence best. You have 30 seconds for each question.',
  jumbled:
    'You will see 15 groups of jumbled words. Put the words in the right order to make a correct sentence, and type that sentence. You have 30 seconds for each question.',
  passage:
    'You will read 3 short passages. Each passage is shown for 30 seconds and then disappears. You then have 90 seconds to write it again in your own words.',
  email: 'Write a formal email in reply to the prompt. You have 5 minutes to write it.',
};

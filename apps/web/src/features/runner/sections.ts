/** The six sections of every test, in order (ARCHITECTURE.md, resolved ambiguity 6). */
export const SECTION_NAMES = [
  'Typing Test',
  'Sentence Completion',
  'Fill in the Blanks',
  'Jumbled Words',
  'Passage Reconstruction',
  'Email Writing',
] as const;

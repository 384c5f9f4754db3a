import { jumbledForDisplay, SECTION_NAMES, type AttemptResult, type ItemResult } from '@fluent/contracts';

/**
 * Where each part of /result starts: the heading ids the "On this page" links, the summary's
 * "Work on first" links and a shared URL's #hash point at.
 */
export const RESULT_TARGETS = {
  summary: 'results-summary',
  typing: 'results-typing',
  scores: 'results-scores',
  sentences: 'results-sentences',
  fills: 'results-fills',
  jumbled: 'results-jumbled',
  skills: 'results-skills',
  passages: 'results-passages',
  email: 'results-email',
} as const;

export type ItemSectionId = 'sentences' | 'fills' | 'jumbled';

export interface ItemRowData {
  id: number;
  prompt: string;
  answer: string;
  expected: string;
  item?: ItemResult;
  correct: boolean;
}

export interface ItemSectionData {
  id: ItemSectionId;
  name: string;
  expectedLabel: string;
  rows: ItemRowData[];
  /** The rows marked correct, and how many rows: the section's opening line, the summary and the navigation all read these. */
  correct: number;
  total: number;
}

function section(id: ItemSectionId, name: string, expectedLabel: string, rows: Omit<ItemRowData, 'correct'>[]): ItemSectionData {
  const marked = rows.map((row) => ({ ...row, correct: row.item?.correct ?? false }));
  return { id, name, expectedLabel, rows: marked, correct: marked.filter((r) => r.correct).length, total: marked.length };
}

/** The three sections scored item by item: each item with the learner's answer and the expected one (docs/product.md#the-results-page). */
export function itemSectionsOf({ questions, score, sentenceAnswers, fillAnswers, jumbledAnswers }: AttemptResult): ItemSectionData[] {
  return [
    section(
      'sentences',
      SECTION_NAMES.sentence,
      'Acceptable answers:',
      questions.sentences.map((q, i) => ({ id: q.id, prompt: q.question, answer: sentenceAnswers[i] ?? '', expected: q.acceptableAnswers.join(', '), item: score.sentences.items[i] })),
    ),
    section(
      'fills',
      SECTION_NAMES.fill,
      'Correct answer:',
      questions.fills.map((q, i) => ({ id: q.id, prompt: q.question, answer: fillAnswers[i] ?? '', expected: q.answer, item: score.fills.items[i] })),
    ),
    section(
      'jumbled',
      SECTION_NAMES.jumbled,
      'Correct answer:',
      questions.jumbled.map((q, i) => ({ id: q.id, prompt: jumbledForDisplay(q.jumbled), answer: jumbledAnswers[i] ?? '', expected: q.answer, item: score.jumbled.items[i] })),
    ),
  ];
}

/** The three sections together, from the same rows. */
export function totalOf(sections: readonly ItemSectionData[]): { correct: number; total: number } {
  return sections.reduce((sum, s) => ({ correct: sum.correct + s.correct, total: sum.total + s.total }), { correct: 0, total: 0 });
}

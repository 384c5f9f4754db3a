import type { AttemptResult, AssembledTest } from '@fluent/contracts';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Test 5's questions with answers, of the real shape, made up. */
export const QUESTIONS: AssembledTest = {
  testId: 5,
  level: 'Moderate',
  typing: { id: 5, paragraph: 'The quick brown fox.' },
  sentences: range(10).map((id) => ({ id, question: `S${id}: She ___ home.`, acceptableAnswers: id === 1 ? ['went', 'walked'] : [`s${id}`] })),
  fills: range(10).map((id) => ({ id, question: `F${id}: It is ___ today.`, options: ['sunny', 'sun', 'suns'], answer: 'sunny' })),
  jumbled: range(15).map((id) => ({ id, jumbled: 'park/we/to/walk/the', answer: `We walk to the park ${id}.` })),
  passages: range(3).map((id) => ({ id, sentences: `Original passage ${id}.` })),
  email: { id: 5, prompt: 'Write to your manager to ask for a day off.' },
};

/** An attempt with known answers: sentence 1 right, sentence 2 blank, the rest wrong or blank. */
export function attemptResult(overrides: Partial<AttemptResult> = {}): AttemptResult {
  const sentenceAnswers = ['Went', '', ...range(8).map(() => 'nope')];
  const fillAnswers = ['sunny', ...range(9).map(() => '')];
  const jumbledAnswers = range(15).map(() => '');
  const passageInputs = ['My reconstruction.', '', ''];
  const items = (answers: string[], correct: (i: number) => boolean) => answers.map((answer, i) => ({ id: i + 1, answer, correct: correct(i) }));
  return {
    attemptId: '64b000000000000000000001',
    testId: 5,
    submittedAt: '2026-03-03T10:00:00.000Z',
    typingResults: { wpm: 42, accuracy: 97 },
    sentenceAnswers,
    fillAnswers,
    jumbledAnswers,
    passageInputs,
    emailInput: '',
    questions: QUESTIONS,
    score: {
      typing: { wpm: 42, accuracy: 97 },
      typingDetail: { rawWpm: 48, netWpm: 44, perSecond: [60, 48, 36], consistency: 81, errorsCorrected: 6, errorsLeft: 2 },
      sentences: { correct: 1, total: 10, items: items(sentenceAnswers, (i) => i === 0) },
      fills: { correct: 1, total: 10, items: items(fillAnswers, (i) => i === 0) },
      jumbled: { correct: 0, total: 15, items: items(jumbledAnswers, () => false) },
      passages: range(3).map((id, i) => ({ id, wordCount: i === 0 ? 2 : 0, contentOverlap: i === 0 ? 50 : 0 })),
      email: { wordCount: 0 },
      total: { correct: 2, total: 35 },
    },
    ...overrides,
  };
}

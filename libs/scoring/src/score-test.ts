import type { AssembledTest, ItemResult, SectionScore, TestAnswers, TestScore } from '@fluent/contracts';
import { isFillCorrect, isJumbledCorrect, isSentenceCorrect } from './answers';
import { scoreTyping } from './typing';
import { typingDetail } from './typing-detail';
import { contentOverlap, wordCount } from './writing';

function scoreSection<T extends { id: number }>(
  items: T[],
  answers: string[],
  isCorrect: (item: T, answer: string) => boolean,
): SectionScore {
  const results: ItemResult[] = items.map((item, i) => {
    const answer = answers[i] ?? '';
    return { id: item.id, answer, correct: isCorrect(item, answer) };
  });
  return { correct: results.filter((r) => r.correct).length, total: items.length, items: results };
}

/**
 * Scores a whole test: typing (with the detailed figures when the runner sent its keystroke
 * timeline), sections 2-4 automatically, passages and email as guides.
 */
export function scoreTest(test: AssembledTest, answers: TestAnswers): TestScore {
  const sentences = scoreSection(test.sentences, answers.sentenceAnswers, isSentenceCorrect);
  const fills = scoreSection(test.fills, answers.fillAnswers, isFillCorrect);
  const jumbled = scoreSection(test.jumbled, answers.jumbledAnswers, isJumbledCorrect);
  const { text, elapsedMs, timeline } = answers.typing;
  return {
    typing: scoreTyping(test.typing.paragraph, text, elapsedMs),
    ...(timeline ? { typingDetail: typingDetail(test.typing.paragraph, text, elapsedMs, timeline) } : {}),
    sentences,
    fills,
    jumbled,
    passages: test.passages.map((passage, i) => {
      const text = answers.passageInputs[i] ?? '';
      return { id: passage.id, wordCount: wordCount(text), contentOverlap: contentOverlap(passage.sentences, text) };
    }),
    email: { wordCount: wordCount(answers.emailInput) },
    total: {
      correct: sentences.correct + fills.correct + jumbled.correct,
      total: sentences.total + fills.total + jumbled.total,
    },
  };
}

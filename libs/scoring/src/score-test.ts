import type { AssembledTest, ItemResult, SectionScore, TestAnswers, TestScore } from '@fluent/contracts';
import { isFillCorrect, isJumbledCorrect, isSentenceCorrect } from './answers';
import { NO_ACCEPTED_ORDERS, usesSameWords, type AcceptedOrders } from './jumbled-orders';
import { scoreTyping } from './typing';
import { typingDetail } from './typing-detail';
import { contentOverlap, wordCount } from './writing';

function scoreSection<T extends { id: number }>(
  items: T[],
  answers: string[],
  isCorrect: (item: T, answer: string) => boolean,
  isUnlisted: (item: T, answer: string) => boolean = () => false,
): SectionScore {
  const results: ItemResult[] = items.map((item, i) => {
    const answer = answers[i] ?? '';
    const correct = isCorrect(item, answer);
    return { id: item.id, answer, correct, ...(!correct && isUnlisted(item, answer) ? { unlistedOrder: true as const } : {}) };
  });
  return { correct: results.filter((r) => r.correct).length, total: items.length, items: results };
}

/**
 * Scores a whole test: typing (with the detailed figures when the runner sent its keystroke
 * timeline), sections 2-4 automatically, passages and email as guides. A jumbled answer is also
 * right when it is an order accepted after review (`accepted`); one that uses the item's words
 * in an order not accepted yet is marked `unlistedOrder`.
 */
export function scoreTest(test: AssembledTest, answers: TestAnswers, accepted: AcceptedOrders = NO_ACCEPTED_ORDERS): TestScore {
  const sentences = scoreSection(test.sentences, answers.sentenceAnswers, isSentenceCorrect);
  const fills = scoreSection(test.fills, answers.fillAnswers, isFillCorrect);
  const jumbled = scoreSection(test.jumbled, answers.jumbledAnswers, (item, answer) => isJumbledCorrect(item, answer, accepted), usesSameWords);
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

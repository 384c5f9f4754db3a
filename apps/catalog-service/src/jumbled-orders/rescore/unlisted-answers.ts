import { jumbledOrderKey, usesSameWords } from '@fluent/scoring';
import type { AttemptRecord } from '../../attempts/attempt.schema';
import type { JumbledAnswer } from '../../attempts/jumbled-answer.schema';

/**
 * The jumbledAnswers rows one stored attempt should have: each jumbled answer that was marked
 * wrong although it uses exactly the item's words (the item as the attempt was asked it). This is
 * what catalog-service indexes as it stores an attempt (`unlistedOrder`); computed here from the
 * stored score and questions, so that attempts stored before that index existed (whose score
 * carries no `unlistedOrder`) are found too.
 */
export function unlistedAnswersOf(record: Pick<AttemptRecord, '_id' | 'uid' | 'score' | 'questions'>): JumbledAnswer[] {
  const attemptId = record._id.toString();
  return record.score.jumbled.items.flatMap((scored, i) => {
    const asked = record.questions.jumbled[i];
    if (scored.correct || !asked || asked.id !== scored.id || !usesSameWords(asked, scored.answer)) return [];
    return [{ itemId: scored.id, order: jumbledOrderKey(scored.answer), attemptId, uid: record.uid }];
  });
}

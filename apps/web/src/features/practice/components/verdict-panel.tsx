import type { PracticeReviewResult } from '@fluent/contracts';
import { PRACTICE_MESSAGES } from '../messages';
import { daysUntil } from '../model/issue-segments';

/** When the card comes back, or that it has left the queue. */
export function nextDueText(verdict: Pick<PracticeReviewResult, 'nextDue' | 'learnt'>, now: Date = new Date()): string {
  return verdict.learnt ? PRACTICE_MESSAGES.learnt : PRACTICE_MESSAGES.nextDue(daysUntil(new Date(verdict.nextDue), now));
}

/** The server's verdict on one card: its sentence, the right answer after a wrong one, and when it comes back. */
export function VerdictPanel({ verdict }: { verdict: PracticeReviewResult }) {
  return (
    <div className={`practice-verdict ${verdict.correct ? 'practice-verdict--right' : 'practice-verdict--wrong'}`} role="status">
      <p className="practice-verdict__message">
        <strong>{verdict.message}</strong>
        {!verdict.correct && verdict.answer ? <span className="practice-verdict__answer"> {verdict.answer}</span> : null}
      </p>
      <p className="practice-verdict__due">{nextDueText(verdict)}</p>
    </div>
  );
}

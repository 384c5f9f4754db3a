import { useQuery } from '@tanstack/react-query';
import { PracticeTexts } from '@fluent/contracts';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { usePracticeProgress } from '@/lib/practice/progress';
import { firstBatchQueryOptions } from '../api/get-practice-cards';
import { PRACTICE_MESSAGES } from '../messages';
import { PracticeProgress } from './practice-progress';
import { PracticeSession } from './practice-session';
import './practice.css';

/** /practice (docs/product.md#practice): a session of due cards, then the learner's practice figures. */
export function PracticePage() {
  const batch = useQuery(firstBatchQueryOptions());
  const progress = usePracticeProgress();
  return (
    <div className="practice-page">
      <h1>{PracticeTexts.title}</h1>
      <p className="practice-intro">{PRACTICE_MESSAGES.intro}</p>
      <div className="practice-layout">
        <div className="practice-main" aria-label={PRACTICE_MESSAGES.sessionLabel} role="region">
          {batch.data ? (
            <PracticeSession cards={batch.data.cards} dueToday={batch.data.dueToday} />
          ) : batch.error ? (
            <p className="form-error" role="alert">
              {errorMessage(batch.error)}
            </p>
          ) : (
            <Spinner label={PRACTICE_MESSAGES.loading} />
          )}
        </div>
        {progress.data ? <PracticeProgress progress={progress.data} /> : null}
      </div>
    </div>
  );
}

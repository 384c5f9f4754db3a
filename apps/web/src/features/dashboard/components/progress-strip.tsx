import { Link } from 'react-router-dom';
import { PracticeTexts, TEST_COUNT, type AttemptSummary, type SkillTrendPoint } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { ReviewNotes } from '@/components/ui/review-notes';
import { SkillTrend } from './skill-trend';

const RECENT = 3;

/** Ours (docs/product.md#dashboard): a compact summary of the learner's attempts above the grid, and the practice cards due today. */
export function ProgressStrip({ completed, attempts, trend = [], practiceDue }: { completed: number; attempts: AttemptSummary[]; trend?: SkillTrendPoint[]; practiceDue?: number }) {
  return (
    <section className="progress-strip" aria-labelledby="progress-heading">
      <h2 id="progress-heading">Your progress</h2>
      <p className="progress-strip__count">
        <strong>{completed}</strong> of {TEST_COUNT} tests completed
      </p>
      {practiceDue === undefined ? null : (
        <p className="progress-strip__due">
          {/* Seen as "N due" beside the count; heard as the header link says it. */}
          <Link to={paths.practice} aria-label={PracticeTexts.dueToday(practiceDue)}>
            {PracticeTexts.dueShort(practiceDue)}
          </Link>
        </p>
      )}
      {attempts.length > 0 ? (
        <ul className="progress-strip__recent" aria-label="Latest results">
          {attempts.slice(0, RECENT).map((attempt) => (
            <li key={attempt.attemptId}>
              <Link to={paths.attemptResult(attempt.attemptId)}>
                Test {attempt.testId}: {attempt.wpm} WPM · {attempt.total.correct}/{attempt.total.total} correct
              </Link>
              <ReviewNotes reviews={attempt.reviews} className="review-notes review-notes--compact" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="progress-strip__empty">Your results will appear here after your first test.</p>
      )}
      <SkillTrend points={trend} />
    </section>
  );
}

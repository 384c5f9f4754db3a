import { useAttempts } from '@/lib/catalog/attempts';
import { useCards } from '@/lib/catalog/cards';
import { usePracticeProgress } from '@/lib/practice/progress';
import { useSkillTrend } from '../api/get-skill-trend';
import { ProgressStrip } from './progress-strip';

/**
 * The progress strip. Its space is kept while the history loads (or if it fails: the strip is
 * extra), so the grid below never jumps under the learner's pointer.
 */
export function YourProgress() {
  const attempts = useAttempts();
  const cards = useCards();
  // The trend is extra: the strip shows without it while it loads or if it fails.
  const trend = useSkillTrend();
  // So is the practice count: without it the strip leaves "N due" out.
  const practice = usePracticeProgress();
  if (!attempts.data || !cards.data) return <div className="progress-strip progress-strip--placeholder" aria-hidden="true" />;
  const completed = cards.data.cards.filter((card) => card.attempted).length;
  return <ProgressStrip completed={completed} attempts={attempts.data.attempts} trend={trend.data?.points} practiceDue={practice.data?.dueToday} />;
}

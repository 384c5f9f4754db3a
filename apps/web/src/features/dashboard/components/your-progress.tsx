import { useAttempts } from '@/lib/catalog/attempts';
import { useCards } from '@/lib/catalog/cards';
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
  if (!attempts.data || !cards.data) return <div className="progress-strip progress-strip--placeholder" aria-hidden="true" />;
  const completed = cards.data.cards.filter((card) => card.attempted).length;
  return <ProgressStrip completed={completed} attempts={attempts.data.attempts} trend={trend.data?.points} />;
}

import { useAttempts } from '../api/get-attempts';
import { ProgressStrip } from './progress-strip';

/** The progress strip once the history has loaded; it is extra, so while loading or failing it stays out of the way. */
export function YourProgress() {
  const attempts = useAttempts();
  if (!attempts.data) return null;
  return <ProgressStrip attempts={attempts.data.attempts} />;
}

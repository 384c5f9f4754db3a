import { Link } from 'react-router-dom';
import { PracticeTexts } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { usePracticeProgress } from '@/lib/practice/progress';

/** The header's way to /practice: "Practice — N due today" once the count is known, "Practice" until then (or if it fails). */
export function PracticeLink() {
  const progress = usePracticeProgress();
  return <Link to={paths.practice}>{progress.data ? PracticeTexts.dueToday(progress.data.dueToday) : PracticeTexts.title}</Link>;
}

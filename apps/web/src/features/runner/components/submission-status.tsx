import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { Submission } from '../model/test-flow';
import { Button } from '@/components/ui/button';

/** What became of the finished test's answers. */
export function SubmissionStatus({ submission, onRetry }: { submission: Submission; onRetry: () => void }) {
  switch (submission.state) {
    case 'sending':
      return (
        <p className="submission-status" role="status">
          Saving your answers…
        </p>
      );
    case 'done':
      return (
        <p className="submission-status" role="status">
          Saved. Opening your results…
        </p>
      );
    case 'waiting':
      return (
        <div className="submission-status" role="status">
          <p>
            Your answers are not saved yet: {submission.message} They are kept in this tab, and we will try again in a moment.
          </p>
          <Button onClick={onRetry}>
            Try Again Now
          </Button>
        </div>
      );
    case 'rejected':
      return (
        <div className="submission-status error" role="alert">
          <p>{submission.message}</p>
          <Link to={paths.dashboard} className="button">
            Go to Dashboard
          </Link>
        </div>
      );
  }
}

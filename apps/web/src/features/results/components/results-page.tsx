import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { AttemptResult } from '@fluent/contracts';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useAttempt } from '../api/get-attempt';
import { NoResults } from './no-results';
import { ResultsView } from './results-view';
import { Button } from '@/components/ui/button';

const resultFromState = (state: unknown): AttemptResult | undefined => (state as { result?: AttemptResult } | null)?.result;

/**
 * /result: the results the runner handed over in the navigation state (docs/product.md#the-results-page) or, after a
 * refresh or from the dashboard, the stored attempt named in the URL (?attempt=<id>).
 */
export function ResultsPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const attemptId = params.get('attempt');
  const handed = resultFromState(location.state);
  const given = handed && (attemptId === null || handed.attemptId === attemptId) ? handed : undefined;
  const query = useAttempt(attemptId, given === undefined);

  if (given) return <ResultsView result={given} />;
  if (attemptId === null) return <NoResults />;
  if (query.data) return <ResultsView result={query.data} />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 403)) return <NoResults />;
    return (
      <section className="card notice" role="alert">
        <h1>Your results could not be loaded</h1>
        <p>{query.error.message}</p>
        <p className="notice-actions">
          <Button variant="primary" onClick={() => void query.refetch()}>
            Try Again
          </Button>
          <Link to={paths.dashboard} className="button">
            Go to Dashboard
          </Link>
        </p>
      </section>
    );
  }
  return <Spinner label="Loading results..." />;
}

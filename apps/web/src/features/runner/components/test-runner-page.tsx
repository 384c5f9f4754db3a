import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useTest } from '../api/get-test';
import { isPassingFailure } from '../api/submit-attempt';
import { loadPendingSubmission } from '../lib/pending-submission';
import { InvalidTest } from './invalid-test';
import { TestRunner } from './test-runner';
import { Button } from '@/components/ui/button';

/**
 * /test for a valid test number: 'Loading test...' until the test arrives, then the runner. A
 * finished test whose answers are still waiting in this tab (a reload while they were sent) is
 * sent again instead, without loading the test.
 */
export function TestRunnerPage({ testId, header, onSubmitted }: { testId: number; header?: ReactNode; onSubmitted?: () => void }) {
  const pending = useMemo(() => loadPendingSubmission(testId), [testId]);
  const query = useTest(testId, !pending);
  if (pending) return <TestRunner testId={testId} pending={pending} header={header} onSubmitted={onSubmitted} />;
  if (query.data) return <TestRunner testId={testId} test={query.data} header={header} onSubmitted={onSubmitted} />;
  return (
    <div className="page">
      {header}
      <main className="content">
        {query.isError ? (
          query.error instanceof ApiError && query.error.status === 404 ? (
            <InvalidTest />
          ) : (
            <section className="card notice" role="alert">
              <h1>Test {testId} could not be opened</h1>
              <p>{query.error.message}</p>
              <p className="notice-actions">
                {isPassingFailure(query.error) ? (
                  <Button variant="primary" onClick={() => void query.refetch()}>
                    Try Again
                  </Button>
                ) : null}
                <Link to={paths.dashboard} className="button">
                  Go to Dashboard
                </Link>
              </p>
            </section>
          )
        ) : (
          <Spinner label="Loading test..." />
        )}
      </main>
    </div>
  );
}

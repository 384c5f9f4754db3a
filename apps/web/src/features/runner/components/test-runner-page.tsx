import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useTest } from '../api/get-test';
import { InvalidTest } from './invalid-test';
import { TestRunner } from './test-runner';

/** /test for a valid test number: 'Loading test...' until the test arrives, then the runner. */
export function TestRunnerPage({ testId, header }: { testId: number; header?: ReactNode }) {
  const query = useTest(testId);
  if (query.data) return <TestRunner test={query.data} header={header} />;
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
                {!(query.error instanceof ApiError && query.error.status === 403) ? (
                  <button type="button" className="button primary" onClick={() => void query.refetch()}>
                    Try Again
                  </button>
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

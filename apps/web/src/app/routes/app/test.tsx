import { useLocation } from 'react-router-dom';
import { isValidTestId } from '@fluent/contracts';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { InvalidTest } from '@/features/runner/components/invalid-test';
import { TestRunnerPage } from '@/features/runner/components/test-runner-page';

/** /test: the chosen test number arrives as testId in the navigation state (SPEC.md §2). */
export function TestRoute() {
  const testId = (useLocation().state as { testId?: unknown } | null)?.testId;
  if (isValidTestId(testId)) return <TestRunnerPage testId={testId} header={<DashboardHeader />} />;
  return (
    <div className="page">
      <DashboardHeader />
      <main className="content">
        <InvalidTest />
      </main>
    </div>
  );
}

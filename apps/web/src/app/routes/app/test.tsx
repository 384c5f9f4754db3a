import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { isValidTestId } from '@fluent/contracts';
import { DashboardHeader } from '@/components/layout/dashboard-header';
import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice';
import { InvalidTest } from '@/features/runner/components/invalid-test';
import { TestRunnerPage } from '@/features/runner/components/test-runner-page';
import { invalidateCatalog } from '@/lib/catalog/invalidate-catalog';

/** /test: the chosen test number arrives as testId in the navigation state (docs/product.md#pages). */
export function TestRoute() {
  const testId = (useLocation().state as { testId?: unknown } | null)?.testId;
  const queryClient = useQueryClient();
  // A stored attempt changes the test's card and the history on the dashboard.
  if (isValidTestId(testId)) {
    return (
      <>
        <ReconnectingNotice />
        <TestRunnerPage testId={testId} header={<DashboardHeader />} onSubmitted={() => void invalidateCatalog(queryClient)} />
      </>
    );
  }
  return (
    <DashboardLayout>
      <InvalidTest />
    </DashboardLayout>
  );
}

import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { ReconnectingNotice } from '@/components/ui/reconnecting-notice';
import { ResultsPage } from '@/features/results/components/results-page';

/** /result: the results of a finished test (docs/product.md#the-results-page). */
export function ResultRoute() {
  return (
    <DashboardLayout>
      <ReconnectingNotice />
      <ResultsPage />
    </DashboardLayout>
  );
}

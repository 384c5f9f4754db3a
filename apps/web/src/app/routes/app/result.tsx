import { DashboardLayout } from '@/components/layout/dashboard-layout';
import { ResultsPage } from '@/features/results/components/results-page';

/** /result: the results of a finished test (SPEC.md §2). */
export function ResultRoute() {
  return (
    <DashboardLayout>
      <ResultsPage />
    </DashboardLayout>
  );
}

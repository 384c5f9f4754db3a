import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { ResultsPage } from '@/features/results/components/results-page';

/** /result: the results of a finished test (SPEC.md §2). */
export function ResultRoute() {
  return (
    <div className="page">
      <DashboardHeader />
      <main className="content">
        <ResultsPage />
      </main>
    </div>
  );
}

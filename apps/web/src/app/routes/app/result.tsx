import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { NoResults } from '@/features/results/components/no-results';

/** /result: results arrive in the navigation state; without them there is nothing to show. */
export function ResultRoute() {
  return (
    <div className="page">
      <DashboardHeader />
      <main className="content">
        <NoResults />
      </main>
    </div>
  );
}

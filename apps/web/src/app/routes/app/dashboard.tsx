import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { TestCatalog } from '@/features/dashboard/components/test-catalog';
import { WelcomeBanner } from '@/features/dashboard/components/welcome-banner';
import { YourProgress } from '@/features/dashboard/components/your-progress';
import { useMe } from '@/features/dashboard/api/get-me';

export function DashboardRoute() {
  // Loads the learner's user document, which creates it on the dashboard's path when missing (SPEC.md §7).
  useMe();
  return (
    <div className="page">
      <DashboardHeader />
      <main className="content">
        <WelcomeBanner />
        <YourProgress />
        <TestCatalog />
      </main>
    </div>
  );
}

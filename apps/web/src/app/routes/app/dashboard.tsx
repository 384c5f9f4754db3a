import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { WelcomeBanner } from '@/features/dashboard/components/welcome-banner';
import { useMe } from '@/features/dashboard/api/get-me';

export function DashboardRoute() {
  // Loads the learner's user document, which creates it on the dashboard's path when missing.
  useMe();
  return (
    <div className="page">
      <DashboardHeader />
      <main className="content">
        <WelcomeBanner />
      </main>
    </div>
  );
}
